-- Schools and teachers (issue 35, decision 061). A teacher is a family account that acts for a
-- school once an organiser approves it; the learners a teacher enters are contestants their
-- account holds, each marked with the class (membership) that holds it and the school the child
-- attends. Additive only: the previous release neither reads nor writes any of it, its writes
-- leave the new columns null (a contestant of no class, a school of no record), and the one
-- constraint it could meet (a membership's school cannot be deleted) holds only rows it never
-- made.
ALTER TABLE "schools" ADD COLUMN "kind" text DEFAULT 'school' NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_kind_ck" CHECK ("kind" in ('school', 'studio'));--> statement-breakpoint
CREATE TABLE "school_memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "school_memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"school_id" integer,
	"proposed_school_name" text,
	"proposed_kind" text,
	"role" text DEFAULT 'teacher' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"refusal_reason" text,
	CONSTRAINT "school_memberships_role_ck" CHECK ("role" in ('teacher', 'coordinator')),
	CONSTRAINT "school_memberships_status_ck" CHECK ("status" in ('requested', 'approved', 'refused', 'ended')),
	CONSTRAINT "school_memberships_kind_ck" CHECK ("proposed_kind" is null or "proposed_kind" in ('school', 'studio')),
	CONSTRAINT "school_memberships_school_ck" CHECK ("school_id" is not null or "proposed_school_name" is not null),
	CONSTRAINT "school_memberships_approved_ck" CHECK ("status" in ('requested', 'refused') or "school_id" is not null)
);--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_decided_by_customers_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_memberships_customer_idx" ON "school_memberships" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "school_memberships_school_idx" ON "school_memberships" USING btree ("school_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "school_memberships_open_uq" ON "school_memberships" USING btree ("customer_id","school_id") WHERE "status" in ('requested', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "school_memberships_coordinator_uq" ON "school_memberships" USING btree ("school_id") WHERE "role" = 'coordinator' and "status" = 'approved';--> statement-breakpoint
ALTER TABLE "participant_profiles" ADD COLUMN "school_id" integer;--> statement-breakpoint
ALTER TABLE "participant_profiles" ADD COLUMN "school_membership_id" integer;--> statement-breakpoint
ALTER TABLE "participant_profiles" ADD COLUMN "school_consent_declared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participant_profiles" ADD CONSTRAINT "participant_profiles_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_profiles" ADD CONSTRAINT "participant_profiles_school_membership_id_school_memberships_id_fk" FOREIGN KEY ("school_membership_id") REFERENCES "public"."school_memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participant_profiles_school_idx" ON "participant_profiles" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "participant_profiles_membership_idx" ON "participant_profiles" USING btree ("school_membership_id") WHERE "school_membership_id" is not null;--> statement-breakpoint
-- The free-text school of each contestant points at the school of the list with the same name,
-- ignoring case and runs of spaces. 'Other School' and names the list does not have stay
-- unlinked: the organiser's Schools page lists them to match by hand (a doubtful match is never
-- made on a guess).
UPDATE "participant_profiles" AS p SET "school_id" = s."id" FROM "schools" AS s
WHERE lower(regexp_replace(btrim(p."school"), '\s+', ' ', 'g')) = lower(regexp_replace(btrim(s."name"), '\s+', ' ', 'g'))
  AND s."name" <> 'Other School';
