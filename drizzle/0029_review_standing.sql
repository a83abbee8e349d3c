-- Whether a customer may review a product (issue 30): written once, here, and read by the
-- product page with the session (haat_session's fourth argument) and by reviews.standing.
CREATE OR REPLACE FUNCTION haat_review_standing(p_customer integer, p_product integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM product_reviews r WHERE r.product_id = p_product AND r.customer_id = p_customer) THEN 'reviewed'
    WHEN EXISTS (
      SELECT 1 FROM orders o JOIN order_lines l ON l.order_id = o.id JOIN variants v ON v.id = l.variant_id
      WHERE o.customer_id = p_customer AND o.state = 'confirmed' AND o.stage = 'delivered' AND v.product_id = p_product) THEN 'may_review'
    ELSE 'not_delivered'
  END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS haat_session(text, timestamptz, timestamptz);
--> statement-breakpoint
-- A product page's session read also says whether this shopper may review the product
-- (p_product; null on every other page), so the page makes one query in all.
CREATE FUNCTION haat_session(p_id text, p_now timestamptz, p_fresh timestamptz, p_product integer) RETURNS json
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
    'viewer', haat_viewer(r.customer_id, p_fresh),
    'standing', CASE WHEN p_product IS NULL THEN NULL ELSE haat_review_standing(r.customer_id, p_product) END);
END
$$;
--> statement-breakpoint
-- Instances still on the previous build call the three-argument form during a rolling
-- deploy (they migrate as they start): it stays, as the four-argument one without a product.
CREATE FUNCTION haat_session(p_id text, p_now timestamptz, p_fresh timestamptz) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT haat_session(p_id, p_now, p_fresh, NULL::integer)
$$;
