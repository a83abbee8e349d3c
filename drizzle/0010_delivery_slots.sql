CREATE TABLE "delivery_slots" (
	"date" text NOT NULL,
	"kind" text NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_slots_date_kind_pk" PRIMARY KEY("date","kind"),
	CONSTRAINT "delivery_slots_booked_check" CHECK ("delivery_slots"."booked" >= 0),
	CONSTRAINT "delivery_slots_capacity_check" CHECK ("delivery_slots"."capacity" >= 0),
	CONSTRAINT "delivery_slots_kind_check" CHECK ("delivery_slots"."kind" in ('morning', 'afternoon', 'evening'))
);
--> statement-breakpoint
CREATE TABLE "serviceable_pins" (
	"pin" text PRIMARY KEY NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_date" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_kind" text;