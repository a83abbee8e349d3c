CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_refund_id" text,
	"status" text DEFAULT 'initiated' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_state_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_placed_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_invoice_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_instrument" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "instrument" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_link_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_link_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "unwanted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_payment" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_expiry_idx" ON "payments" USING btree ("status","expires_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_link_id_unique" UNIQUE("provider_link_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('draft', 'awaiting_payment', 'confirmed', 'cancelled', 'lapsed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_check" CHECK ("orders"."state" in ('draft', 'lapsed') or ("orders"."total_paise" is not null and "orders"."delivery_address" is not null and ("orders"."state" = 'awaiting_payment' or "orders"."placed_at" is not null)));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_check" CHECK (case when "orders"."state" in ('draft', 'awaiting_payment', 'lapsed') then "orders"."invoice_fy" is null and "orders"."invoice_serial" is null else "orders"."invoice_fy" is not null and "orders"."invoice_serial" is not null and "orders"."invoice_serial" >= 1 end);