ALTER TABLE "categories" ADD COLUMN "name_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "title_hi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "short_desc_hi" text DEFAULT '' NOT NULL;