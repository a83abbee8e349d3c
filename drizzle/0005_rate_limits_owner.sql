CREATE TABLE "known_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"last_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "known_devices" ADD CONSTRAINT "known_devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_devices_customer_idx" ON "known_devices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "known_devices_last_signed_in_idx" ON "known_devices" USING btree ("last_signed_in_at");