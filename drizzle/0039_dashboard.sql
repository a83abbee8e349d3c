ALTER TABLE "payments" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "low_stock_below" integer;--> statement-breakpoint
CREATE INDEX "orders_slot_idx" ON "orders" USING btree ("slot_date","slot_kind");--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_low_stock_check" CHECK ("variants"."low_stock_below" is null or "variants"."low_stock_below" between 0 and 100000);--> statement-breakpoint
-- Failures recorded before failed_at: dated by the row's last change, the best there is.
UPDATE "payments" SET "failed_at" = "updated_at" WHERE "failure_reason" IS NOT NULL;