-- Reconciles the migrations that were edited after they were committed (decision 037). drizzle's
-- migrator tracks a migration by its date and never runs one twice, so a database that applied a
-- first text never got the second; this brings a database that applied either text to the same
-- schema, and is a no-op on one that applied the second. Every statement checks first.
--
-- 0013's first text added "sessions_revoked_at"; its second adds "session_generation" instead.
-- An account whose sessions had been revoked moves to generation 1, so that no session issued
-- before stays valid; the first text's column is dropped (no release since has read it).
ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "session_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name = 'customers' AND column_name = 'sessions_revoked_at'
  ) THEN
    UPDATE "customers" SET "session_generation" = "session_generation" + 1
      WHERE "sessions_revoked_at" IS NOT NULL;
    ALTER TABLE "customers" DROP COLUMN "sessions_revoked_at";
  END IF;
END $$;--> statement-breakpoint
-- 0014-0016's first texts were placeholders (SELECT 1). A database that applied them has none of
-- their tables: each is made here with its second text's own statements, names included, when its
-- first table is missing (a migration runs whole or not at all, so none of its parts is there).
DO $$
BEGIN
  IF to_regclass('public.ledger_movements') IS NULL THEN
    CREATE TABLE "ledger_movements" (
    	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
    	"order_id" integer NOT NULL,
    	"kind" text NOT NULL,
    	"method" text,
    	"reference" text NOT NULL,
    	"amount_cents" integer NOT NULL,
    	"received_on" date NOT NULL,
    	"note" text,
    	"recorded_by" integer,
    	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
    	CONSTRAINT "ledger_movements_kind_ck" CHECK ("ledger_movements"."kind" in ('manual_payment', 'refund', 'credit')),
    	CONSTRAINT "ledger_movements_method_ck" CHECK ("ledger_movements"."method" is null or "ledger_movements"."method" in ('bank_transfer', 'cash')),
    	CONSTRAINT "ledger_movements_payment_method_ck" CHECK ("ledger_movements"."kind" <> 'manual_payment' or "ledger_movements"."method" is not null),
    	CONSTRAINT "ledger_movements_amount_ck" CHECK ("ledger_movements"."amount_cents" > 0),
    	CONSTRAINT "ledger_movements_reference_ck" CHECK (length("ledger_movements"."reference") between 1 and 100)
    );
    ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
    ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_recorded_by_customers_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
    CREATE UNIQUE INDEX "ledger_movements_reference_uq" ON "ledger_movements" USING btree ("order_id","kind","reference");
    CREATE UNIQUE INDEX "ledger_movements_one_payment_uq" ON "ledger_movements" USING btree ("order_id") WHERE "ledger_movements"."kind" = 'manual_payment';
  END IF;
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF to_regclass('public.reminder_campaigns') IS NULL THEN
    ALTER TABLE "customers" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;
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
    );
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
    );
    ALTER TABLE "reminder_campaigns" ADD CONSTRAINT "reminder_campaigns_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;
    ALTER TABLE "reminder_campaigns" ADD CONSTRAINT "reminder_campaigns_created_by_customers_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;
    ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_campaign_id_reminder_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."reminder_campaigns"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;
    ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
    ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_email_message_id_outbox_messages_id_fk" FOREIGN KEY ("email_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;
    ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_whatsapp_message_id_outbox_messages_id_fk" FOREIGN KEY ("whatsapp_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;
    CREATE INDEX "reminder_campaigns_due_idx" ON "reminder_campaigns" USING btree ("status","send_at");
    CREATE UNIQUE INDEX "reminder_deliveries_once_uq" ON "reminder_deliveries" USING btree ("event_id","kind","customer_id","subject_key");
    CREATE INDEX "reminder_deliveries_campaign_idx" ON "reminder_deliveries" USING btree ("campaign_id");
  END IF;
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF to_regclass('public.erasure_requests') IS NULL THEN
    CREATE TABLE "erasure_requests" (
    	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erasure_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
    	"customer_id" integer NOT NULL REFERENCES "customers"("id"),
    	"status" text DEFAULT 'pending' NOT NULL,
    	"requested_by" text DEFAULT 'family' NOT NULL,
    	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
    	"completed_at" timestamp with time zone,
    	"completed_by" integer REFERENCES "customers"("id"),
    	"counts" jsonb,
    	CONSTRAINT "erasure_requests_status_ck" CHECK ("status" in ('pending', 'done')),
    	CONSTRAINT "erasure_requests_requested_by_ck" CHECK ("requested_by" in ('family', 'organiser'))
    );
    CREATE UNIQUE INDEX "erasure_requests_one_pending_uq" ON "erasure_requests" ("customer_id") WHERE "status" = 'pending';
    CREATE TABLE "file_deletions" (
    	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
    	"store" text NOT NULL,
    	"key" text NOT NULL,
    	"attempts" integer DEFAULT 0 NOT NULL,
    	"last_error" text,
    	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
    	CONSTRAINT "file_deletions_store_ck" CHECK ("store" in ('files', 'videos', 'video-host'))
    );
    ALTER TABLE "events" ADD COLUMN "file_retention_days" integer DEFAULT 365 NOT NULL;
    ALTER TABLE "events" ADD CONSTRAINT "events_file_retention_days_ck" CHECK ("file_retention_days" between 30 and 3650);
  END IF;
END $$;
