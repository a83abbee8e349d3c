DROP INDEX "refunds_one_per_payment";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "replacement" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "replaced_from" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replacement" text DEFAULT 'call' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_payment" ON "refunds" USING btree ("payment_id") WHERE "refunds"."reason" not in ('short', 'weight', 'replaced');--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_replacement_check" CHECK ("order_lines"."replacement" is null or "order_lines"."replacement" in ('replace', 'call', 'refund'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_replacement_check" CHECK ("orders"."replacement" in ('replace', 'call', 'refund'));