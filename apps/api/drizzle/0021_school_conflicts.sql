-- Conflicts of interest follow their school (issue 30, decision 016). A school conflict held only
-- the folded name, and a rename or a merge of the school rewrote the contestants' school but not
-- the conflict: the entries came back to the adjudicator. It now also holds the school's id.
-- Additive: match_key stays as it was, filled and read (by the previous release too), and a
-- school conflict not on the list (a group member's typed school) matches by it alone.
ALTER TABLE "conflicts_of_interest" ADD COLUMN "school_id" integer;--> statement-breakpoint
ALTER TABLE "conflicts_of_interest" ADD CONSTRAINT "conflicts_of_interest_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conflicts_of_interest_school_idx" ON "conflicts_of_interest" USING btree ("school_id");--> statement-breakpoint
ALTER TABLE "conflicts_of_interest" ADD CONSTRAINT "conflicts_of_interest_school_ck" CHECK ("conflicts_of_interest"."kind" = 'school' or "conflicts_of_interest"."school_id" is null);--> statement-breakpoint
-- The conflicts declared so far, with the school of the list they name (folded as match_key is;
-- the lowest id should two schools fold alike). One renamed before this runs stays unmatched:
-- nothing left records which school it was.
UPDATE "conflicts_of_interest" SET "school_id" = (
  SELECT min(s."id") FROM "schools" s
   WHERE lower(regexp_replace(trim(s."name"), '\s+', ' ', 'g')) = "conflicts_of_interest"."match_key"
) WHERE "kind" = 'school' AND "school_id" IS NULL;
