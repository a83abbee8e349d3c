CREATE TABLE "counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "counters_last_check" CHECK ("counters"."last" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"fy" text NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"refund_id" integer,
	"tax_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "credit_notes_serial_check" CHECK ("credit_notes"."serial" >= 1),
	CONSTRAINT "credit_notes_total_check" CHECK ("credit_notes"."total_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"fy" text NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"tax_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"document" jsonb NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_serial_check" CHECK ("invoices"."serial" >= 1)
);
--> statement-breakpoint
DROP INDEX "refunds_one_per_payment";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_serial_idx" ON "credit_notes" USING btree ("fy","serial");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_serial_idx" ON "invoices" USING btree ("fy","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_idx" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_payment" ON "refunds" USING btree ("payment_id") WHERE "refunds"."reason" not in ('short', 'weight', 'replaced', 'returned');--> statement-breakpoint
-- Backfill (written by hand, decision 065). Orders' numbers: every placed order, confirmed or
-- cancelled, in the order it was placed; carts, held and lapsed orders none.
WITH "numbered" AS (
	SELECT "id", row_number() OVER (ORDER BY "placed_at", "id")::integer AS "n"
	FROM "orders"
	WHERE "state" IN ('confirmed', 'cancelled')
)
UPDATE "orders" SET "order_number" = "numbered"."n"
FROM "numbered"
WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "counters" ("series", "last")
SELECT 'order', count(*)::integer FROM "orders" WHERE "order_number" IS NOT NULL;--> statement-breakpoint
-- Each financial year's invoice series goes on after the last serial given out at placing, so no
-- number an order summary of before once carried is given to another order.
INSERT INTO "counters" ("series", "last")
SELECT 'invoice/' || "fy", "last" FROM "invoice_counters";--> statement-breakpoint
-- The orders already out for delivery or delivered were issued their invoice: each keeps the
-- number it carries, dated when it left the shop, with its figures as they are (nothing changes an
-- order once it has left), frozen. The numbers of orders not yet dispatched (and of cancelled
-- ones) are withdrawn: those orders get theirs when they leave the shop.
INSERT INTO "invoices" ("order_id", "fy", "serial", "number", "issued_at", "tax_paise", "total_paise", "document")
SELECT "o"."id", "o"."invoice_fy", "o"."invoice_serial",
	'HT/' || substr("o"."invoice_fy", 3, 2) || '-' || substr("o"."invoice_fy", 6, 2) || '/' || lpad("o"."invoice_serial"::text, 7, '0'),
	coalesce((SELECT min("e"."at") FROM "order_events" "e" WHERE "e"."order_id" = "o"."id" AND "e"."stage" = 'out_for_delivery'), "o"."placed_at"),
	coalesce("o"."tax_paise", 0), coalesce("o"."total_paise", 0),
	jsonb_build_object(
		'orderId', "o"."id",
		'orderNumber', "o"."order_number",
		'placedAt', to_char("o"."placed_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
		'paymentMethod', coalesce("o"."payment_method", 'cod'),
		'payment', coalesce(
			(SELECT jsonb_build_object('state', 'paid', 'method', "p"."provider_method", 'providerPaymentId', "p"."provider_payment_id")
			FROM "payments" "p"
			WHERE "p"."order_id" = "o"."id" AND "o"."payment_method" = 'razorpay' AND "p"."method" = 'razorpay' AND NOT "p"."unwanted" AND "p"."status" IN ('captured', 'refunded')
			ORDER BY "p"."id" LIMIT 1),
			jsonb_build_object('state', 'cod', 'method', NULL, 'providerPaymentId', NULL)),
		'slot', CASE WHEN "o"."slot_date" IS NOT NULL AND "o"."slot_kind" IS NOT NULL THEN jsonb_build_object('date', "o"."slot_date", 'kind', "o"."slot_kind") END,
		'couponCode', "o"."coupon_code",
		'subtotalPaise', coalesce("o"."subtotal_paise", 0),
		'discountPaise', coalesce("o"."discount_paise", 0),
		'prepaidDiscountPaise', "o"."prepaid_discount_paise",
		'taxPaise', coalesce("o"."tax_paise", 0),
		'totalPaise', coalesce("o"."total_paise", 0),
		'cancelled', false,
		'deliveryAddress', "o"."delivery_address",
		'lines', (
			SELECT coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
				'title', coalesce("l"."title", ''),
				'titleHi', nullif("pr"."title_hi", ''),
				'attribute', coalesce("l"."attribute", ''),
				'internalReference', coalesce("l"."internal_reference", ''),
				'hsn', coalesce("l"."hsn", "pr"."hsn", ''),
				'quantity', "l"."quantity",
				'unitPricePaise', coalesce("l"."unit_price_paise", 0),
				'taxRate', coalesce("l"."tax_rate", 0),
				'discountPaise', coalesce("l"."discount_paise", 0),
				'taxPaise', coalesce("l"."tax_paise", 0),
				'packedGrams', "l"."packed_grams",
				'weighedPaise', "l"."weighed_paise"
			)) ORDER BY "l"."id"), '[]'::jsonb)
			FROM "order_lines" "l"
			JOIN "variants" "v" ON "v"."id" = "l"."variant_id"
			JOIN "products" "pr" ON "pr"."id" = "v"."product_id"
			WHERE "l"."order_id" = "o"."id"
		)
	)
FROM "orders" "o"
WHERE "o"."state" = 'confirmed' AND "o"."stage" IN ('out_for_delivery', 'delivered') AND "o"."invoice_serial" IS NOT NULL
ORDER BY "o"."invoice_fy", "o"."invoice_serial";--> statement-breakpoint
-- The invoice number now lives with the invoice; the orders' columns and their counters go.
DROP TABLE "invoice_counters" CASCADE;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_invoice_check";--> statement-breakpoint
DROP INDEX "orders_invoice_number_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "invoice_fy";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "invoice_serial";--> statement-breakpoint
-- Added after the backfill, which it needs: a placed order has its number, a cart none.
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_number_check" CHECK (case when "orders"."state" in ('draft', 'awaiting_payment', 'lapsed') then "orders"."order_number" is null else "orders"."order_number" is not null and "orders"."order_number" >= 1 end);
