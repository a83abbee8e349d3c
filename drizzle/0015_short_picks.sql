DROP INDEX "refunds_one_per_payment";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_rule" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_payment" ON "refunds" USING btree ("payment_id") WHERE "refunds"."reason" <> 'short';