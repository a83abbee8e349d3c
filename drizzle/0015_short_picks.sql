DROP INDEX "refunds_one_per_payment";--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_payment" ON "refunds" USING btree ("payment_id") WHERE "refunds"."reason" <> 'short';