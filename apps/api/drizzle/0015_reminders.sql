-- Reminders (issue 17, decision 022). A family may turn reminders off (My Profile). Organisers
-- schedule campaigns; each family a campaign reaches gets one delivery row, whose unique key
-- (event, kind, family, subject) is inserted with ON CONFLICT DO NOTHING in the transaction that
-- writes its messages: a job run twice, two instances at once, or a second campaign of the same
-- kind never sends the same reminder to a family twice. The delivery keeps its outbox messages'
-- ids, which give the campaign's delivery figures.
ALTER TABLE "customers" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "reminder_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminder_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channels" text[] NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"families" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reminder_campaigns_kind_ck" CHECK ("reminder_campaigns"."kind" in ('unpaid_cart', 'no_main_file', 'not_finalised', 'results_published')),
	CONSTRAINT "reminder_campaigns_status_ck" CHECK ("reminder_campaigns"."status" in ('scheduled', 'sending', 'sent', 'cancelled')),
	CONSTRAINT "reminder_campaigns_channels_ck" CHECK (cardinality("reminder_campaigns"."channels") between 1 and 2 and "reminder_campaigns"."channels" <@ array['email', 'whatsapp']::text[])
);--> statement-breakpoint
CREATE TABLE "reminder_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reminder_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"customer_id" integer NOT NULL,
	"subject_key" text NOT NULL,
	"email_message_id" integer,
	"whatsapp_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "reminder_campaigns" ADD CONSTRAINT "reminder_campaigns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_campaigns" ADD CONSTRAINT "reminder_campaigns_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_campaign_id_reminder_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."reminder_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_email_message_id_outbox_messages_id_fk" FOREIGN KEY ("email_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_whatsapp_message_id_outbox_messages_id_fk" FOREIGN KEY ("whatsapp_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_campaigns_due_idx" ON "reminder_campaigns" USING btree ("status","send_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_deliveries_once_uq" ON "reminder_deliveries" USING btree ("event_id","kind","customer_id","subject_key");--> statement-breakpoint
CREATE INDEX "reminder_deliveries_campaign_idx" ON "reminder_deliveries" USING btree ("campaign_id");
