-- Families an organiser lets in before their event's registration opens (issue 32, decision
-- 041): the server refuses entries before the opening day, but for these. Additive: the
-- previous release does not read it (and did not refuse early entries).
CREATE TABLE "early_entries" (
	"event_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"granted_by" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_entries_pk" PRIMARY KEY("event_id","customer_id")
);
--> statement-breakpoint
ALTER TABLE "early_entries" ADD CONSTRAINT "early_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_entries" ADD CONSTRAINT "early_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_entries" ADD CONSTRAINT "early_entries_granted_by_customers_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;
