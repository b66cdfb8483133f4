-- Failed and throttled sign-ins (issue 30, decision 032): one row per refused pin check or pin
-- send, never the pin, the sign-in address only masked. A nightly job deletes rows older than
-- 90 days. A new table only: the previous release does not read it.
CREATE TABLE "sign_in_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" integer,
	"identifier" text,
	"ip" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "sign_in_events_reason_ck" CHECK ("sign_in_events"."reason" in ('wrong_pin', 'expired_pin', 'too_many_tries', 'no_pin', 'send_throttled', 'verify_throttled'))
);
--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_events_created_idx" ON "sign_in_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sign_in_events_customer_idx" ON "sign_in_events" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_events_ip_idx" ON "sign_in_events" USING btree ("ip","created_at");
