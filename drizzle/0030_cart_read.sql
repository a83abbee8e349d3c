-- The cart with its lines, its draft order's choices and the delivery settings, as one JSON
-- value (issue 30): read by cart.server.ts for every use of the cart, and on the cart and
-- Review Order pages with the session itself (haat_session's fifth argument), so the cart page
-- makes one query. A PL/pgSQL function keeps its plans per connection: the join of four
-- tables was planned afresh on every read, half of its time. Null when the customer has no cart.
CREATE FUNCTION haat_draft(p_customer integer) RETURNS json
LANGUAGE plpgsql STABLE AS $$
DECLARE
  o record;
BEGIN
  SELECT d.id, d.coupon_id, d.payment_method, d.payment_instrument, d.gift_message, d.gift_from, d.gift_hide_prices, d.replacement INTO o
  FROM orders d
  WHERE d.customer_id = p_customer AND d.state = 'draft'
  LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN json_build_object(
    'orderId', o.id,
    'couponId', o.coupon_id,
    'paymentMethod', o.payment_method,
    'instrument', o.payment_instrument,
    'giftMessage', o.gift_message,
    'giftFrom', o.gift_from,
    'giftHidePrices', o.gift_hide_prices,
    'replacement', o.replacement,
    'settings', (SELECT coalesce(json_object_agg(s.key, s.value), '{}'::json) FROM shop_settings s),
    'lines', coalesce((
      SELECT json_agg(json_build_object(
        'id', l.id, 'quantity', l.quantity, 'lineReplacement', l.replacement,
        'productId', p.id, 'title', p.title, 'titleHi', p.title_hi, 'categorySlug', p.category_slug, 'salesTax', p.sales_tax,
        'internalReference', v.internal_reference, 'attribute', v.attribute, 'images', v.images,
        'pricePaise', v.price_paise, 'mrpPaise', v.mrp_paise, 'inStock', v.in_stock, 'inventoryStock', v.inventory_stock,
        'weightUnitGrams', v.weight_unit_grams, 'weightTolerance', v.weight_tolerance) ORDER BY l.created_at, l.id)
      FROM order_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
      WHERE l.order_id = o.id), '[]'::json));
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS haat_session(text, timestamptz, timestamptz, integer);
--> statement-breakpoint
-- The cart and Review Order pages' session read also carries the cart (p_draft).
CREATE FUNCTION haat_session(p_id text, p_now timestamptz, p_fresh timestamptz, p_product integer, p_draft boolean) RETURNS json
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
    'standing', CASE WHEN p_product IS NULL THEN NULL ELSE haat_review_standing(r.customer_id, p_product) END,
    -- An order awaiting its online payment may be released back into the cart by the page's
    -- own check (payments.pending): then the page reads the cart itself, after that check.
    'draft', CASE WHEN p_draft THEN json_build_object(
      'read', haat_draft(r.customer_id),
      'held', EXISTS (SELECT 1 FROM orders h WHERE h.customer_id = r.customer_id AND h.state = 'awaiting_payment')) ELSE NULL END);
END
$$;
--> statement-breakpoint
-- Instances still on the previous build call the four- and three-argument forms during a
-- rolling deploy (they migrate as they start): both stay, without the cart.
CREATE FUNCTION haat_session(p_id text, p_now timestamptz, p_fresh timestamptz, p_product integer) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT haat_session(p_id, p_now, p_fresh, p_product, false)
$$;
