CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"purpose" text NOT NULL,
	"customer_id" integer,
	"code_digest" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_time_codes_purpose_check" CHECK ("one_time_codes"."purpose" in ('sign-in', 'add-mobile'))
);
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sms_updates" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "channel" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_codes_mobile_idx" ON "one_time_codes" USING btree ("mobile","created_at");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_mobile_unique" UNIQUE("mobile");--> statement-breakpoint
-- The session's customer carries their verified mobile number (issue 28): an account may have no e-mail.
CREATE OR REPLACE FUNCTION haat_session(p_id text, p_now timestamptz, p_fresh timestamptz) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  r record;
BEGIN
  SELECT s.customer_id, s.expires_at, s.renewed_at, c.email, c.name, c.phone, c.language, c.mobile INTO r
  FROM sessions s JOIN customers c ON c.id = s.customer_id
  WHERE s.id = p_id AND s.expires_at > p_now;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'customer', json_build_object('id', r.customer_id, 'email', r.email, 'name', r.name, 'phone', r.phone, 'language', r.language, 'mobile', r.mobile),
    'expiresAt', r.expires_at,
    'renewedAt', r.renewed_at,
    'viewer', haat_viewer(r.customer_id, p_fresh));
END
$$;
