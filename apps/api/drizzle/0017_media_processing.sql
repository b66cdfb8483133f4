-- Every entry file is processed once it has arrived (issue 18; decision 025): a video or audio
-- recording is probed with ffprobe and given a browser-playable copy and a poster; an image or
-- document gets a copy without identifying metadata. Adjudicators see only that copy. A file
-- recorded before this migration waits as 'pending' and the sweep processes it.
ALTER TABLE "order_item_uploads" ADD COLUMN "processing_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD CONSTRAINT "order_item_uploads_processing_ck" CHECK ("processing_state" in ('pending', 'ready', 'failed', 'unchecked'));--> statement-breakpoint
-- Who is processing it until when: a worker that died gives the file back to the sweep.
ALTER TABLE "order_item_uploads" ADD COLUMN "processing_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD COLUMN "processing_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD COLUMN "processing_error" text;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD COLUMN "duration_seconds" double precision;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD COLUMN "has_audio" boolean;--> statement-breakpoint
-- The copy adjudicators get (rendition, or the file without metadata) and the poster frame, in
-- the files store; null when the original is served as it is.
ALTER TABLE "order_item_uploads" ADD COLUMN "served_key" text;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD COLUMN "served_file_extension" text;--> statement-breakpoint
ALTER TABLE "order_item_uploads" ADD COLUMN "poster_key" text;--> statement-breakpoint
CREATE INDEX "order_item_uploads_pending_idx" ON "order_item_uploads" ("id") WHERE "processing_state" = 'pending';
