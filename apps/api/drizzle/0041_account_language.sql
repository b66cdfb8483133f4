-- The language an account reads (issue 36, decision 069): what the server sends the person (pins,
-- payment confirmations, reminders, results, invitations) is written in it. Additive only: the
-- previous release neither reads nor writes the column, and its new accounts take the default,
-- English, what it sent everyone. No list of languages here: a third language is a translator's
-- file and one entry in LOCALES, not a migration; the server reads an unknown tag as English.
ALTER TABLE "customers" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_language_ck" CHECK ("customers"."language" ~ '^[a-z]{2,3}$');
