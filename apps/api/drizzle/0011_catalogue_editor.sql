ALTER TABLE "items" ADD COLUMN "main_file_kinds" text[] DEFAULT '{video,audio}' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "time_limit_seconds" integer;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_time_limit_ck" CHECK ("items"."time_limit_seconds" is null or "items"."time_limit_seconds" between 1 and 36000);--> statement-breakpoint
-- Items already loaded take what their section took until now: a recording for the performing
-- arts, a picture or text for Visual Arts & Design; and the limit their description names.
UPDATE "items" SET "main_file_kinds" = '{image,document}' FROM "categories" WHERE "categories"."id" = "items"."category_id" AND "categories"."section" = 'Visual Arts & Design';--> statement-breakpoint
UPDATE "items" SET "time_limit_seconds" = (substring("description" from '(?i)time limit (\d{1,3}) minutes?'))::int * 60 WHERE "description" ~* 'time limit \d{1,3} minutes?';
