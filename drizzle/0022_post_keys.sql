CREATE TABLE "post_keys" (
	"customer_id" integer NOT NULL,
	"key" text NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_keys_customer_id_key_pk" PRIMARY KEY("customer_id","key")
);
--> statement-breakpoint
CREATE INDEX "post_keys_created_idx" ON "post_keys" USING btree ("created_at");