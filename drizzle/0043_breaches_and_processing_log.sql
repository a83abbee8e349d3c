CREATE TABLE "breach_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"breach_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"claimed_until" timestamp with time zone,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "breach_notices_once" UNIQUE("breach_id","customer_id","channel"),
	CONSTRAINT "breach_notices_channel_check" CHECK ("breach_notices"."channel" in ('mail', 'sms')),
	CONSTRAINT "breach_notices_status_check" CHECK ("breach_notices"."status" in ('pending', 'sent', 'kept', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "breach_people" (
	"breach_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "breach_people_breach_id_customer_id_pk" PRIMARY KEY("breach_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "breaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"what" text NOT NULL,
	"location" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"found_at" timestamp with time zone NOT NULL,
	"items" text[] NOT NULL,
	"everyone" boolean DEFAULT false NOT NULL,
	"consequences" text NOT NULL,
	"mitigation" text NOT NULL,
	"safety" text NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	"prevention" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notices_queued_at" timestamp with time zone,
	"board_notified_at" timestamp with time zone,
	"board_reference" text
);
--> statement-breakpoint
CREATE TABLE "processing_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer,
	"system" text,
	"action" text NOT NULL,
	"what" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processing_log_action_check" CHECK ("processing_log"."action" in ('read', 'change'))
);
--> statement-breakpoint
ALTER TABLE "breach_notices" ADD CONSTRAINT "breach_notices_breach_id_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."breaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breach_notices" ADD CONSTRAINT "breach_notices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breach_people" ADD CONSTRAINT "breach_people_breach_id_breaches_id_fk" FOREIGN KEY ("breach_id") REFERENCES "public"."breaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breach_people" ADD CONSTRAINT "breach_people_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breaches" ADD CONSTRAINT "breaches_recorded_by_customers_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_log" ADD CONSTRAINT "processing_log_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_log" ADD CONSTRAINT "processing_log_staff_id_customers_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breach_notices_customer_idx" ON "breach_notices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "breach_notices_pending_idx" ON "breach_notices" USING btree ("queued_at") WHERE "breach_notices"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "breach_people_customer_idx" ON "breach_people" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "processing_log_customer_idx" ON "processing_log" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "processing_log_at_idx" ON "processing_log" USING btree ("at");