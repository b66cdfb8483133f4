-- Whom an organiser's reminder is for (issue 35, decision 067): everyone concerned, families'
-- own children's entries, or teachers' learners' entries. Additive only: the previous release
-- neither reads nor writes the column, its campaigns take the default (everyone, what they
-- meant), and during a rollout its sender reaches everyone concerned whatever was chosen.
ALTER TABLE "reminder_campaigns" ADD COLUMN "audience" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_campaigns" ADD CONSTRAINT "reminder_campaigns_audience_ck" CHECK ("reminder_campaigns"."audience" in ('all', 'families', 'teachers'));
