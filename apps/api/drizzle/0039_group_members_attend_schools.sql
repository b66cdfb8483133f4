-- Group members point at the school they attend, as contestants do since migration 0033 (issue
-- 35, decision 061: "contestants and group members point at a school"). Additive only: the
-- previous release neither reads nor writes the column, its inserts leave it null, and the next
-- school added or linked by an organiser links them by name.
ALTER TABLE "group_participants" ADD COLUMN "school_id" integer;--> statement-breakpoint
ALTER TABLE "group_participants" ADD CONSTRAINT "group_participants_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_participants_school_idx" ON "group_participants" USING btree ("school_id");--> statement-breakpoint
-- The typed school of each member points at the school of the list with the same name, ignoring
-- case and runs of spaces, as migration 0033 linked contestants; 'Other School' and names the
-- list does not have stay unlinked for the organiser to match by hand.
UPDATE "group_participants" AS g SET "school_id" = s."id" FROM "schools" AS s
WHERE lower(regexp_replace(btrim(g."school"), '\s+', ' ', 'g')) = lower(regexp_replace(btrim(s."name"), '\s+', ' ', 'g'))
  AND s."name" <> 'Other School';
