-- Reminders that go out by themselves before each deadline (issue 32, decision 044): a campaign
-- planned by the sweep for the entries due on one day. Additive: the previous release neither
-- reads nor writes these columns, and sends such a campaign as it sends any other (to every
-- family with an unfinalised entry in the event, a wider reminder but a true one).
ALTER TABLE "reminder_campaigns" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_campaigns" ADD COLUMN "due_date" date;--> statement-breakpoint
-- One automatic campaign per event, kind and due date, whichever instance plans it, and never
-- again once an organiser cancelled it.
CREATE UNIQUE INDEX "reminder_campaigns_automatic_uq" ON "reminder_campaigns" ("event_id", "kind", "due_date") WHERE "automatic";
