DROP INDEX "refunds_one_per_payment";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "weight_unit_grams" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "weight_tolerance" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "packed_grams" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "weighed_paise" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_unit_grams" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_tolerance" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_balance_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_payment" ON "refunds" USING btree ("payment_id") WHERE "refunds"."reason" not in ('short', 'weight');--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_weighed_check" CHECK (("order_lines"."packed_grams" is null and "order_lines"."weighed_paise" is null) or ("order_lines"."packed_grams" > 0 and "order_lines"."weighed_paise" >= 0 and "order_lines"."weight_unit_grams" is not null));--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_weight_check" CHECK (("variants"."weight_unit_grams" is null and "variants"."weight_tolerance" is null) or ("variants"."weight_unit_grams" > 0 and "variants"."weight_tolerance" between 0 and 25));--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_weight_balance_check" CHECK ("variants"."weight_balance_grams" >= 0);