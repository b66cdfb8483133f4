-- A learner's parent (issue 35, decision 063): the teacher's invitation (only its token's hash)
-- and, once the parent accepts with their consents, the link to the parent's account. Additive
-- only: a new table the previous release never reads.
CREATE TABLE "learner_parents" (
	"participant_profile_id" integer PRIMARY KEY NOT NULL,
	"membership_id" integer,
	"teacher_customer_id" integer,
	"state" text DEFAULT 'invited' NOT NULL,
	"channel" text NOT NULL,
	"sent_to" text NOT NULL,
	"token_hash" text,
	"invited_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"parent_customer_id" integer,
	"consented_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	CONSTRAINT "learner_parents_state_ck" CHECK ("learner_parents"."state" in ('invited', 'linked', 'taken-over', 'left')),
	CONSTRAINT "learner_parents_channel_ck" CHECK ("learner_parents"."channel" in ('email', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "learner_parents" ADD CONSTRAINT "learner_parents_participant_profile_id_participant_profiles_id_fk" FOREIGN KEY ("participant_profile_id") REFERENCES "public"."participant_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_parents" ADD CONSTRAINT "learner_parents_membership_id_school_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."school_memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_parents" ADD CONSTRAINT "learner_parents_teacher_customer_id_customers_id_fk" FOREIGN KEY ("teacher_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_parents" ADD CONSTRAINT "learner_parents_parent_customer_id_customers_id_fk" FOREIGN KEY ("parent_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learner_parents_token_uq" ON "learner_parents" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "learner_parents_parent_idx" ON "learner_parents" USING btree ("parent_customer_id");--> statement-breakpoint
CREATE INDEX "learner_parents_membership_idx" ON "learner_parents" USING btree ("membership_id");
