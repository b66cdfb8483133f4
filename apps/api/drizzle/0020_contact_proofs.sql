-- Decision 031: a family's own addresses are the ones it proved with a pin.
ALTER TABLE "customers" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pin_challenges" ADD COLUMN "purpose" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "pin_challenges" ADD COLUMN "sent_to" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "holds_pin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "body_cleared_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_uncleared_idx" ON "outbox_messages" USING btree ("created_at") WHERE "outbox_messages"."body_cleared_at" is null;--> statement-breakpoint
-- Earlier accounts: the identity a family signed in with was proved by its login pin
-- (login_identities.verified_at), and it is the account's email or mobile number (registration
-- wrote both from the same input). A second detail typed at registration stays unproved.
UPDATE "customers" SET "email_verified_at" = li."verified_at" FROM "login_identities" li
  WHERE li."customer_id" = "customers"."id" AND li."channel" = 'email'
  AND li."verified_at" IS NOT NULL AND "customers"."email" IS NOT NULL;--> statement-breakpoint
UPDATE "customers" SET "mobile_verified_at" = li."verified_at" FROM "login_identities" li
  WHERE li."customer_id" = "customers"."id" AND li."channel" = 'mobile'
  AND li."verified_at" IS NOT NULL AND "customers"."mobile_number" IS NOT NULL;--> statement-breakpoint
-- Pins already sent: marked, so the retention sweep blanks them on its first run.
UPDATE "outbox_messages" SET "holds_pin" = true
  WHERE ("channel" = 'email' AND "subject" = 'Your Online Eisteddfod login code')
  OR "payload" ? 'code';
