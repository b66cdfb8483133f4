-- Results day (issue 20, decision 026). Each event keeps its section winners' rule (null: the
-- default rule of packages/shared's results-day.rules.ts), the time of day its results are
-- released on the gala date (null: by hand only, so no existing event publishes on its own
-- after this migration) and when they were released: the release claims the event by setting
-- results_released_at in one UPDATE ... WHERE results_released_at IS NULL, so a job run twice or
-- on two instances releases once.
ALTER TABLE "events" ADD COLUMN "winners_rule" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "winners_rule_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "winners_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "results_release_time" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "results_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_results_release_time_ck" CHECK ("events"."results_release_time" is null or "events"."results_release_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
-- The confirmed winners, frozen: a new confirmation supersedes them. The certificate hangs on
-- the winner's best entry in the section, so erasing the family removes it with the entry.
CREATE TABLE "section_winners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "section_winners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"participant_profile_id" integer NOT NULL,
	"best_order_item_id" integer NOT NULL,
	"section" text NOT NULL,
	"band_name" text NOT NULL,
	"band_label" text NOT NULL,
	"score" double precision NOT NULL,
	"entries" integer NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"confirmed_by" integer,
	"superseded_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "section_winners" ADD CONSTRAINT "section_winners_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_winners" ADD CONSTRAINT "section_winners_participant_profile_id_participant_profiles_id_fk" FOREIGN KEY ("participant_profile_id") REFERENCES "public"."participant_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_winners" ADD CONSTRAINT "section_winners_best_order_item_id_order_items_id_fk" FOREIGN KEY ("best_order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_winners" ADD CONSTRAINT "section_winners_confirmed_by_customers_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "section_winners_event_idx" ON "section_winners" USING btree ("event_id") WHERE "section_winners"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "section_winners_profile_idx" ON "section_winners" USING btree ("participant_profile_id");--> statement-breakpoint
-- A Section Winner certificate is a certificate like the others (the same file route, the same
-- public check), marked by its winner and its award line.
ALTER TABLE "certificates" ADD COLUMN "section_winner_id" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "award" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_section_winner_id_section_winners_id_fk" FOREIGN KEY ("section_winner_id") REFERENCES "public"."section_winners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_section_winner_idx" ON "certificates" USING btree ("section_winner_id");
