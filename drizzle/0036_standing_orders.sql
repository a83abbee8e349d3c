CREATE TABLE "subscription_days" (
	"subscription_id" integer NOT NULL,
	"date" text NOT NULL,
	"outcome" text NOT NULL,
	"order_id" integer,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_days_subscription_id_date_pk" PRIMARY KEY("subscription_id","date"),
	CONSTRAINT "subscription_days_outcome_check" CHECK ("subscription_days"."outcome" in ('made', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "subscription_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"from_date" text NOT NULL,
	"to_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_pauses_order_check" CHECK ("subscription_pauses"."from_date" <= "subscription_pauses"."to_date")
);
--> statement-breakpoint
CREATE TABLE "subscription_reminders" (
	"subscription_id" integer NOT NULL,
	"date" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_reminders_subscription_id_date_pk" PRIMARY KEY("subscription_id","date")
);
--> statement-breakpoint
CREATE TABLE "subscription_skips" (
	"subscription_id" integer NOT NULL,
	"date" text NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_skips_subscription_id_date_pk" PRIMARY KEY("subscription_id","date")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"frequency" jsonb NOT NULL,
	"start_date" text NOT NULL,
	"slot_kind" text NOT NULL,
	"address_id" integer,
	"payment_method" text DEFAULT 'cod' NOT NULL,
	"language" text,
	"status" text DEFAULT 'active' NOT NULL,
	"held_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_quantity_check" CHECK ("subscriptions"."quantity" between 1 and 20),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'cancelled'))
);
--> statement-breakpoint
DROP INDEX "orders_one_draft_per_customer";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "subscribable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_days" ADD CONSTRAINT "subscription_days_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_days" ADD CONSTRAINT "subscription_days_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_pauses" ADD CONSTRAINT "subscription_pauses_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_reminders" ADD CONSTRAINT "subscription_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_skips" ADD CONSTRAINT "subscription_skips_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_days_date_idx" ON "subscription_days" USING btree ("date");--> statement-breakpoint
CREATE INDEX "subscription_pauses_idx" ON "subscription_pauses" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_active_idx" ON "subscriptions" USING btree ("variant_id") WHERE "subscriptions"."status" = 'active';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_draft_per_customer" ON "orders" USING btree ("customer_id") WHERE "orders"."state" = 'draft' and "orders"."subscription_id" is null;