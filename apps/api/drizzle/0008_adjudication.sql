CREATE TABLE "adjudicator_assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjudicator_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"adjudicator_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"section" text,
	"category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjudicator_assignments_target_ck" CHECK (("adjudicator_assignments"."section" is null) <> ("adjudicator_assignments"."category_id" is null))
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_item_id" integer NOT NULL,
	"group_participant_id" integer,
	"verification_code" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"school" text NOT NULL,
	"item_code" text NOT NULL,
	"item_title" text NOT NULL,
	"total" integer NOT NULL,
	"medal" text NOT NULL,
	"event_name" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conflicts_of_interest" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conflicts_of_interest_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"adjudicator_id" integer NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"match_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conflicts_of_interest_kind_ck" CHECK ("conflicts_of_interest"."kind" in ('school', 'contestant'))
);
--> statement-breakpoint
CREATE TABLE "rubric_criteria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rubric_criteria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"section" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"max_value" integer NOT NULL,
	CONSTRAINT "rubric_criteria_max_ck" CHECK ("rubric_criteria"."max_value" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "marks" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "adjudicator_assignments" ADD CONSTRAINT "adjudicator_assignments_adjudicator_id_customers_id_fk" FOREIGN KEY ("adjudicator_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudicator_assignments" ADD CONSTRAINT "adjudicator_assignments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjudicator_assignments" ADD CONSTRAINT "adjudicator_assignments_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_group_participant_id_group_participants_id_fk" FOREIGN KEY ("group_participant_id") REFERENCES "public"."group_participants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflicts_of_interest" ADD CONSTRAINT "conflicts_of_interest_adjudicator_id_customers_id_fk" FOREIGN KEY ("adjudicator_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_criteria" ADD CONSTRAINT "rubric_criteria_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adjudicator_assignments_section_uq" ON "adjudicator_assignments" USING btree ("adjudicator_id","event_id","section") WHERE "adjudicator_assignments"."section" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "adjudicator_assignments_category_uq" ON "adjudicator_assignments" USING btree ("adjudicator_id","category_id") WHERE "adjudicator_assignments"."category_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_uq" ON "certificates" USING btree ("verification_code");--> statement-breakpoint
CREATE INDEX "certificates_order_item_idx" ON "certificates" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conflicts_of_interest_uq" ON "conflicts_of_interest" USING btree ("adjudicator_id","kind","match_key");--> statement-breakpoint
CREATE UNIQUE INDEX "rubric_criteria_position_uq" ON "rubric_criteria" USING btree ("event_id","section","position");--> statement-breakpoint
CREATE INDEX "marks_adjudicator_idx" ON "marks" USING btree ("adjudicator_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_role_ck" CHECK ("customers"."role" in ('customer', 'organiser', 'adjudicator'));--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_status_ck" CHECK ("marks"."status" in ('draft', 'submitted'));--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_total_ck" CHECK ("marks"."total" between 0 and 100);--> statement-breakpoint
ALTER TABLE "rubric_scores" ADD CONSTRAINT "rubric_scores_value_ck" CHECK ("rubric_scores"."value" between 0 and "rubric_scores"."max_value");