-- Organisers' words in other languages (issue 36, decision 070): a category's name and an item's
-- descriptions, by locale ({"af": {"name": "…"}}). Additive only: the previous release neither
-- reads nor writes the columns, so its edits keep the English as today and leave the translations
-- as they were; a row it inserts has none, and shows the English to every reader.
ALTER TABLE "categories" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
