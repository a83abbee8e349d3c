ALTER TABLE "order_lines" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text DEFAULT '' NOT NULL;