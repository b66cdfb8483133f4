-- Money recorded by hand (issue 17, decision 020): a bank transfer or cash that pays an order
-- (the order is then paid with is_imported), and refunds and credits organisers record against
-- a paid order. Providers' payments stay in "payments". No personal data by design: the
-- reference and the note are free text an organiser types, redacted when a family is erased.
-- One manual payment per order, and one movement per order, kind and reference: recording the
-- same thing twice (a retry, a double click) finds the first row instead of adding money.
CREATE TABLE "ledger_movements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_on" date NOT NULL,
	"note" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_movements_kind_ck" CHECK ("ledger_movements"."kind" in ('manual_payment', 'refund', 'credit')),
	CONSTRAINT "ledger_movements_method_ck" CHECK ("ledger_movements"."method" is null or "ledger_movements"."method" in ('bank_transfer', 'cash')),
	CONSTRAINT "ledger_movements_payment_method_ck" CHECK ("ledger_movements"."kind" <> 'manual_payment' or "ledger_movements"."method" is not null),
	CONSTRAINT "ledger_movements_amount_ck" CHECK ("ledger_movements"."amount_cents" > 0),
	CONSTRAINT "ledger_movements_reference_ck" CHECK (length("ledger_movements"."reference") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_movements" ADD CONSTRAINT "ledger_movements_recorded_by_customers_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_movements_reference_uq" ON "ledger_movements" USING btree ("order_id","kind","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_movements_one_payment_uq" ON "ledger_movements" USING btree ("order_id") WHERE "ledger_movements"."kind" = 'manual_payment';
