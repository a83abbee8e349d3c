-- The header's facts (haat_viewer, drizzle/0031_review_read.sql) name the variants the shopper
-- waits for (issue 41): an out-of-stock card or product page says 'We will let you know' with
-- Cancel in the place of 'Notify Me', and a signed-in page still makes one query. Open requests
-- only (stock_requests_one_open): internal_reference to the request's id, which Cancel posts.
CREATE OR REPLACE FUNCTION haat_viewer(p_customer integer, p_fresh timestamptz) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  -- Asked once, not once a row of a scan.
  v_chosen integer := haat_chosen_address(p_customer, p_fresh);
BEGIN
  RETURN json_build_object(
    'cart', (
      SELECT coalesce(json_agg(json_build_array(l.id, v.internal_reference, l.quantity, v.price_paise, v.inventory_stock) ORDER BY l.created_at, l.id), '[]')
      FROM orders o JOIN order_lines l ON l.order_id = o.id JOIN variants v ON v.id = l.variant_id
      WHERE o.customer_id = p_customer AND o.state = 'draft'),
    'wishlist', (
      SELECT coalesce(json_object_agg(v.internal_reference, w.id), '{}')
      FROM wishlist_items w JOIN variants v ON v.id = w.variant_id
      WHERE w.customer_id = p_customer),
    'deliverTo', (
      SELECT json_build_object('city', a.city, 'zip', a.zip)
      FROM addresses a
      WHERE a.id = v_chosen),
    'notify', (
      SELECT coalesce(json_object_agg(v.internal_reference, r.id), '{}')
      FROM stock_requests r JOIN variants v ON v.id = r.variant_id
      WHERE r.customer_id = p_customer AND r.notified_at IS NULL AND r.cancelled_at IS NULL));
END
$$;
