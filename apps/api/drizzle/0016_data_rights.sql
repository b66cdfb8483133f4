-- A family's data rights (issue 17, POPIA; decision 024). A family asks for erasure and an
-- organiser carries it out: the request is kept (the account's number, when, who did it and how
-- many records and files went), never the personal data it removed. One pending request per
-- family, whatever a double click sends.
CREATE TABLE "erasure_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erasure_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL REFERENCES "customers"("id"),
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" text DEFAULT 'family' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer REFERENCES "customers"("id"),
	"counts" jsonb,
	CONSTRAINT "erasure_requests_status_ck" CHECK ("status" in ('pending', 'done')),
	CONSTRAINT "erasure_requests_requested_by_ck" CHECK ("requested_by" in ('family', 'organiser'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_one_pending_uq" ON "erasure_requests" ("customer_id") WHERE "status" = 'pending';--> statement-breakpoint
-- Files an erasure or the retention sweep must delete from storage once its transaction has
-- committed: written in that transaction, removed one by one as each delete succeeds, so a
-- storage that fails (or a process that dies) leaves the rest for the job's next try.
CREATE TABLE "file_deletions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"store" text NOT NULL,
	"key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_deletions_store_ck" CHECK ("store" in ('files', 'videos', 'video-host'))
);--> statement-breakpoint
-- How long an event keeps its entries' uploaded files after their results are published (the
-- families are told the date in the results message); certificates and the ledger stay.
ALTER TABLE "events" ADD COLUMN "file_retention_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_file_retention_days_ck" CHECK ("file_retention_days" between 30 and 3650);
