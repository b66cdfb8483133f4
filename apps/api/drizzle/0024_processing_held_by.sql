-- Outages that heal (issue 31, decision 038). A file whose processing met a storage or video
-- host outage waits for it without spending its attempts, and says what holds it back, so the
-- organiser sees files held back by storage on the jobs screen. Additive: the previous release
-- neither reads nor writes it.
ALTER TABLE "order_item_uploads" ADD COLUMN "processing_held_by" text;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD CONSTRAINT "order_item_uploads_held_by_ck" CHECK ("order_item_uploads"."processing_held_by" in ('storage', 'video-host'));
