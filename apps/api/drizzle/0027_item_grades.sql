-- The grades an item is for, as data (issue 32, decision 042): both ends or neither (open to
-- every grade), and the organiser's exception that lets other grades enter. Additive: the
-- previous release neither reads nor writes them, and its new items are open to every grade.
ALTER TABLE "items" ADD COLUMN "lowest_grade" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "highest_grade" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "other_grades_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- What the descriptions said until now ("Poetry – Own Choice (Grades 4–7)", "(Grade R–3)"),
-- read once into the new columns; an item whose description names no valid range stays open.
UPDATE "items" SET "lowest_grade" = s.m[1], "highest_grade" = coalesce(s.m[2], s.m[1])
FROM (
	SELECT "id", regexp_match("short_description", '\(Grades? (R|[0-9]{1,2})(?:\s*[–-]\s*(R|[0-9]{1,2}))?\)') AS m
	FROM "items"
) s
WHERE "items"."id" = s."id" AND s.m IS NOT NULL
	AND array_position(ARRAY['R','1','2','3','4','5','6','7','8','9','10','11','12'], s.m[1]) IS NOT NULL
	AND array_position(ARRAY['R','1','2','3','4','5','6','7','8','9','10','11','12'], coalesce(s.m[2], s.m[1])) IS NOT NULL
	AND array_position(ARRAY['R','1','2','3','4','5','6','7','8','9','10','11','12'], s.m[1]) <= array_position(ARRAY['R','1','2','3','4','5','6','7','8','9','10','11','12'], coalesce(s.m[2], s.m[1]));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_grades_ck" CHECK (("lowest_grade" IS NULL AND "highest_grade" IS NULL) OR (array_position(ARRAY['R','1','2','3','4','5','6','7','8','9','10','11','12'], "lowest_grade") IS NOT NULL AND array_position(ARRAY['R','1','2','3','4','5','6','7','8','9','10','11','12'], "highest_grade") IS NOT NULL AND array_position(ARRAY['R','1','2','3','4','5','6','7','8','9','10','11','12'], "lowest_grade") <= array_position(ARRAY['R','1','2','3','4','5','6','7','8','9','10','11','12'], "highest_grade")));
