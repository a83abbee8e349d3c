-- Review Order's reads (issue 30): the address book and the delivery slots, each one PL/pgSQL
-- function whose plans the connection keeps, and on Review Order itself carried with the
-- session (haat_session's sixth argument), so the page makes one query, as the cart's does.
--
-- Which address is the chosen one is written once, here: the remembered choice while it lasts,
-- else the default, else the primary, else the first. The header's location line (haat_viewer)
-- and the address book both ask it.
CREATE FUNCTION haat_chosen_address(p_customer integer, p_fresh timestamptz) RETURNS integer
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT a.id
    FROM addresses a JOIN customers c ON c.id = a.customer_id
    WHERE a.customer_id = p_customer
    ORDER BY coalesce(a.id = c.selected_address_id AND c.selected_address_at > p_fresh, false) DESC, a.is_default DESC, a.is_primary DESC, a.id ASC
    LIMIT 1);
END
$$;
--> statement-breakpoint
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
      WHERE a.id = v_chosen));
END
$$;
--> statement-breakpoint
-- Whether the shop delivers to a PIN (no PIN listed: every PIN is served): the address book
-- and the checks at checkout (delivery.server.ts isServiceable) ask it.
CREATE FUNCTION haat_pin_served(p_pin text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM serviceable_pins) OR EXISTS (SELECT 1 FROM serviceable_pins p WHERE p.pin = p_pin)
$$;
--> statement-breakpoint
-- The customer's addresses as the account and Review Order list them (the default, the
-- primary, then by age), which one is chosen, and whether the shop delivers to its PIN.
CREATE FUNCTION haat_address_book(p_customer integer, p_fresh timestamptz) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_chosen integer := haat_chosen_address(p_customer, p_fresh);
BEGIN
  RETURN json_build_object(
    'addresses', coalesce((
      SELECT json_agg(json_build_object(
        'id', a.id, 'name', a.name, 'phone', a.phone, 'email', a.email, 'street', a.street, 'street2', a.street2,
        'city', a.city, 'state', a.state, 'zip', a.zip, 'country', a.country, 'isDefault', a.is_default, 'isPrimary', a.is_primary)
        ORDER BY a.is_default DESC, a.is_primary DESC, a.id ASC)
      FROM addresses a
      WHERE a.customer_id = p_customer), '[]'::json),
    'chosen', v_chosen,
    'served', CASE WHEN v_chosen IS NULL THEN NULL ELSE haat_pin_served((SELECT a.zip FROM addresses a WHERE a.id = v_chosen)) END);
END
$$;
--> statement-breakpoint
-- The slots booked on the days offered, and the settings (a slot not booked yet has the
-- standing capacity). The days come back with them: the offers are made for the days read.
CREATE FUNCTION haat_slots(p_dates text[]) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'dates', to_json(p_dates),
    'rows', coalesce((
      SELECT json_agg(json_build_object('date', d.date, 'kind', d.kind, 'capacity', d.capacity, 'booked', d.booked))
      FROM delivery_slots d
      WHERE d.date = ANY (p_dates)), '[]'::json),
    'settings', (SELECT coalesce(json_object_agg(s.key, s.value), '{}'::json) FROM shop_settings s));
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS haat_session(text, timestamptz, timestamptz, integer, boolean);
--> statement-breakpoint
-- Review Order's session read also carries the address book and the slots (p_dates: the days
-- offered). Neither comes, nor the cart, while an order awaits its online payment: the page's
-- check may release it, putting its lines back in the cart and its slot's place back.
CREATE FUNCTION haat_session(p_id text, p_now timestamptz, p_fresh timestamptz, p_product integer, p_draft boolean, p_dates text[]) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  r record;
  v_held boolean;
BEGIN
  SELECT s.customer_id, s.expires_at, s.renewed_at, c.email, c.name, c.phone, c.language, c.mobile INTO r
  FROM sessions s JOIN customers c ON c.id = s.customer_id
  WHERE s.id = p_id AND s.expires_at > p_now;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF p_draft OR p_dates IS NOT NULL THEN
    v_held := EXISTS (SELECT 1 FROM orders h WHERE h.customer_id = r.customer_id AND h.state = 'awaiting_payment');
  END IF;
  RETURN json_build_object(
    'customer', json_build_object('id', r.customer_id, 'email', r.email, 'name', r.name, 'phone', r.phone, 'language', r.language, 'mobile', r.mobile),
    'expiresAt', r.expires_at,
    'renewedAt', r.renewed_at,
    'viewer', haat_viewer(r.customer_id, p_fresh),
    'standing', CASE WHEN p_product IS NULL THEN NULL ELSE haat_review_standing(r.customer_id, p_product) END,
    'draft', CASE WHEN p_draft THEN json_build_object(
      'read', CASE WHEN v_held THEN NULL ELSE haat_draft(r.customer_id) END,
      'held', v_held) ELSE NULL END,
    'review', CASE WHEN p_dates IS NOT NULL AND NOT v_held THEN json_build_object(
      'book', haat_address_book(r.customer_id, p_fresh),
      'slots', haat_slots(p_dates)) ELSE NULL END);
END
$$;
--> statement-breakpoint
-- Instances still on the previous build call the five-argument form during a rolling deploy
-- (the four- and three-argument forms call it in turn): it stays, without Review Order's reads.
CREATE FUNCTION haat_session(p_id text, p_now timestamptz, p_fresh timestamptz, p_product integer, p_draft boolean) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT haat_session(p_id, p_now, p_fresh, p_product, p_draft, NULL::text[])
$$;
