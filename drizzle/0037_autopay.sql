ALTER TABLE "payments" ADD COLUMN "charged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "autopay_method" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "autopay_status" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "autopay_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "autopay_link_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "autopay_link_url" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "autopay_receipt" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "autopay_token_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "autopay_max_paise" integer;--> statement-breakpoint
CREATE INDEX "subscriptions_autopay_token_idx" ON "subscriptions" USING btree ("autopay_token_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_autopay_link_id_unique" UNIQUE("autopay_link_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_autopay_check" CHECK ("subscriptions"."autopay_status" is null or "subscriptions"."autopay_status" in ('created', 'confirmed', 'rejected', 'cancelled', 'paused'));