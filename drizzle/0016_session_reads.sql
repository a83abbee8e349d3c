-- The reads every signed-in page makes (issue 16, decision 040): the session's customer, and
-- what the header shows (the cart's lines, the wishlist's variants, the chosen delivery
-- address's city and PIN). PL/pgSQL keeps its statements' plans for the connection, and on the
-- embedded database planning these joins was most of the read's cost (1.1-1.7 ms a call, 0.3
-- with the plans kept). The chosen address is ordered as addresses.server.ts chosenFirst() does.
CREATE OR REPLACE FUNCTION haat_viewer(p_customer integer, p_fresh timestamptz) RETURNS json
LANGUAGE plpgsql STABLE AS $$
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
      FROM addresses a JOIN customers c ON c.id = a.customer_id
      WHERE a.customer_id = p_customer
      ORDER BY coalesce(a.id = c.selected_address_id AND c.selected_address_at > p_fresh, false) DESC, a.is_default DESC, a.is_primary DESC, a.id ASC
      LIMIT 1));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION haat_session(p_id text, p_now timestamptz, p_fresh timestamptz) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  r record;
BEGIN
  SELECT s.customer_id, s.expires_at, s.renewed_at, c.email, c.name, c.phone INTO r
  FROM sessions s JOIN customers c ON c.id = s.customer_id
  WHERE s.id = p_id AND s.expires_at > p_now;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'customer', json_build_object('id', r.customer_id, 'email', r.email, 'name', r.name, 'phone', r.phone),
    'expiresAt', r.expires_at,
    'renewedAt', r.renewed_at,
    'viewer', haat_viewer(r.customer_id, p_fresh));
END
$$;
