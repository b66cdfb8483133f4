-- A small thumbnail of an image entry file, shown to its family in the uploads portal (issue 32,
-- decision 047). Additive: the previous release neither reads nor writes this column, and a file
-- it processes simply has none (the portal then shows a placeholder, as for any older file).
ALTER TABLE "order_item_uploads" ADD COLUMN "thumbnail_key" text;
