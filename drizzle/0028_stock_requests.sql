CREATE TABLE "stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "stock_requests_ended_once" CHECK ("stock_requests"."notified_at" is null or "stock_requests"."cancelled_at" is null)
);
--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_requests_one_open" ON "stock_requests" USING btree ("customer_id","variant_id") WHERE "stock_requests"."notified_at" is null and "stock_requests"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "stock_requests_waiting_idx" ON "stock_requests" USING btree ("variant_id") WHERE "stock_requests"."notified_at" is null and "stock_requests"."cancelled_at" is null;