CREATE TABLE "erp_customers" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"payment_choice" text,
	"chosen_address_id" integer,
	"chosen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "erp_customers" ADD CONSTRAINT "erp_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;