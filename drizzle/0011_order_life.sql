CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"stage" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" integer,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_by_customers_id_fk" FOREIGN KEY ("by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
UPDATE "orders" SET "stage" = 'placed' WHERE "state" IN ('confirmed', 'cancelled') AND "stage" IS NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "stage", "at") SELECT "id", 'placed', "placed_at" FROM "orders" WHERE "placed_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "stage", "at") SELECT "id", 'cancelled', "cancelled_at" FROM "orders" WHERE "cancelled_at" IS NOT NULL;
