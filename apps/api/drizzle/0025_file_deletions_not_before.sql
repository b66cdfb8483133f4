-- Deletions that wait (issue 31, decision 036). A file let go while the site runs (a replaced
-- picture, a regenerated certificate) is deleted only after a grace period, so that a backup
-- whose database dump still names it finds it when it copies the files. Null: at once (an
-- erasure, the retention sweep). Additive: the previous release deletes such a row at once, as
-- it did before.
ALTER TABLE "file_deletions" ADD COLUMN "not_before" timestamp with time zone;
