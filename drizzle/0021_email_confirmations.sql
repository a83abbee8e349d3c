CREATE TABLE "email_confirmations" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"token_digest" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_confirmations" ADD CONSTRAINT "email_confirmations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Clerk verified the e-mail of every account linked to it (decision 047); the others confirm by the link.
UPDATE "customers" SET "email_verified_at" = "created_at" WHERE "clerk_user_id" IS NOT NULL;
