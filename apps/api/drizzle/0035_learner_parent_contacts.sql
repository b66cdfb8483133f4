-- A parent's address a teacher gave for a learner of their class (issue 35, decision 064), kept
-- for the parents' invitations of a later part. Additive only: a new table the previous release
-- never reads; a learner's removal takes its row with it.
CREATE TABLE "learner_parent_contacts" (
	"participant_profile_id" integer PRIMARY KEY NOT NULL,
	"email" text,
	"mobile_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "learner_parent_contacts" ADD CONSTRAINT "learner_parent_contacts_participant_profile_id_participant_profiles_id_fk" FOREIGN KEY ("participant_profile_id") REFERENCES "public"."participant_profiles"("id") ON DELETE cascade ON UPDATE no action;
