CREATE TABLE "invoice_counters" (
	"fy" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_fy" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_serial" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_fy","invoice_serial");--> statement-breakpoint
-- Backfill (written by hand): every placed order, confirmed or cancelled, gets its invoice
-- number, consecutive per financial year (April to March in India's time, "2026-27") in
-- the order it was placed; carts (draft) get none. Placed at 00:00 on 1 April in India,
-- less three months, is 1 January: the year of that is the financial year's first year.
WITH "placed" AS (
	SELECT "id", "placed_at",
		extract(year FROM ("placed_at" AT TIME ZONE 'Asia/Kolkata') - interval '3 months')::integer AS "start"
	FROM "orders"
	WHERE "state" IN ('confirmed', 'cancelled')
), "numbered" AS (
	SELECT "id",
		"start"::text || '-' || lpad((("start" + 1) % 100)::text, 2, '0') AS "fy",
		row_number() OVER (PARTITION BY "start" ORDER BY "placed_at", "id")::integer AS "serial"
	FROM "placed"
)
UPDATE "orders" SET "invoice_fy" = "numbered"."fy", "invoice_serial" = "numbered"."serial"
FROM "numbered"
WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
-- Each year's counter starts from its last serial given out.
INSERT INTO "invoice_counters" ("fy", "last")
SELECT "invoice_fy", max("invoice_serial") FROM "orders" WHERE "invoice_fy" IS NOT NULL GROUP BY "invoice_fy";--> statement-breakpoint
-- Added after the backfill, which it needs: a placed order has its invoice number, a cart none.
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_check" CHECK (case when "orders"."state" = 'draft' then "orders"."invoice_fy" is null and "orders"."invoice_serial" is null else "orders"."invoice_fy" is not null and "orders"."invoice_serial" is not null and "orders"."invoice_serial" >= 1 end);
