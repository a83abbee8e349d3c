CREATE TABLE "pick_ticks" (
	"date" text NOT NULL,
	"kind" text NOT NULL,
	"variant_id" integer NOT NULL,
	"picked_by" integer,
	"picked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pick_ticks_date_kind_variant_id_pk" PRIMARY KEY("date","kind","variant_id"),
	CONSTRAINT "pick_ticks_kind_check" CHECK ("pick_ticks"."kind" in ('morning', 'afternoon', 'evening'))
);
--> statement-breakpoint
ALTER TABLE "pick_ticks" ADD CONSTRAINT "pick_ticks_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_ticks" ADD CONSTRAINT "pick_ticks_picked_by_customers_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;