CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"email" text,
	"purpose" text NOT NULL,
	"detail" text,
	"granted" boolean NOT NULL,
	"via" text NOT NULL,
	"notice_version" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('newsletter', 'order-sms', 'offers-sms', 'notify-me')),
	CONSTRAINT "consents_via_check" CHECK ("consents"."via" in ('mail-link', 'my-account', 'sign-in', 'product-page', 'api', 'served', 'number-removed', 'item-removed', 'earlier')),
	CONSTRAINT "consents_subject" CHECK (("consents"."purpose" = 'newsletter' and "consents"."email" is not null) or ("consents"."purpose" <> 'newsletter' and "consents"."customer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "sms_updates" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sms_offers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_customer_idx" ON "consents" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "consents_email_idx" ON "consents" USING btree ("email","at");--> statement-breakpoint
-- Accounts without a verified number never saw the setting: it starts off for them (decision 084).
UPDATE "customers" SET "sms_updates" = false WHERE "mobile" IS NULL;--> statement-breakpoint
-- The ledger begins with what the shop held: each standing choice, as given 'earlier'.
INSERT INTO "consents" ("customer_id", "purpose", "granted", "via", "at")
  SELECT "id", 'order-sms', true, 'earlier', coalesce("mobile_verified_at", "created_at") FROM "customers" WHERE "sms_updates" AND "mobile" IS NOT NULL;--> statement-breakpoint
INSERT INTO "consents" ("email", "purpose", "granted", "via", "at")
  SELECT "email", 'newsletter', true, 'earlier', "confirmed_at" FROM "newsletter_subscribers" WHERE "confirmed_at" IS NOT NULL AND "unsubscribed_at" IS NULL;--> statement-breakpoint
INSERT INTO "consents" ("customer_id", "purpose", "detail", "granted", "via", "at")
  SELECT r."customer_id", 'notify-me', v."internal_reference", true, 'earlier', r."created_at"
  FROM "stock_requests" r JOIN "variants" v ON v."id" = r."variant_id"
  WHERE r."notified_at" IS NULL AND r."cancelled_at" IS NULL;
