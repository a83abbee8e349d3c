ALTER TABLE "categories" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "short_desc_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The session's customer carries the language they chose (issue 27): mails and orders read it.
CREATE OR REPLACE FUNCTION haat_session(p_id text, p_now timestamptz, p_fresh timestamptz) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  r record;
BEGIN
  SELECT s.customer_id, s.expires_at, s.renewed_at, c.email, c.name, c.phone, c.language INTO r
  FROM sessions s JOIN customers c ON c.id = s.customer_id
  WHERE s.id = p_id AND s.expires_at > p_now;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'customer', json_build_object('id', r.customer_id, 'email', r.email, 'name', r.name, 'phone', r.phone, 'language', r.language),
    'expiresAt', r.expires_at,
    'renewedAt', r.renewed_at,
    'viewer', haat_viewer(r.customer_id, p_fresh));
END
$$;
