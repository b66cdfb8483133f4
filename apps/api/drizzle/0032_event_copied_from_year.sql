-- The year of the event a copy was made from (issue 34, decision 059): the copy lists what
-- family-facing text still names that year until the organiser changes it. Additive and
-- nullable: the previous release neither reads nor writes it, and an event not made by a copy
-- (or copied before this release) has none, so nothing is listed for it.
ALTER TABLE "events" ADD COLUMN "copied_from_year" integer;
