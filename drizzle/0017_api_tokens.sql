CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"family" text NOT NULL,
	"access_digest" text NOT NULL,
	"refresh_digest" text NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_access_digest_unique" UNIQUE("access_digest"),
	CONSTRAINT "api_tokens_refresh_digest_unique" UNIQUE("refresh_digest")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_customer_idx" ON "api_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "api_tokens_family_idx" ON "api_tokens" USING btree ("family");--> statement-breakpoint
CREATE INDEX "api_tokens_refresh_expires_idx" ON "api_tokens" USING btree ("refresh_expires_at");