-- Adjudicators' conflicts of interest with a teacher (issue 35, decision 068): every learner the
-- teacher holds or entered is kept from the adjudicator. Additive only: a new table the previous
-- release never reads (it keeps honouring the school and contestant conflicts it knows).
CREATE TABLE "teacher_conflicts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teacher_conflicts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"adjudicator_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"label" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "teacher_conflicts" ADD CONSTRAINT "teacher_conflicts_adjudicator_id_customers_id_fk" FOREIGN KEY ("adjudicator_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_conflicts" ADD CONSTRAINT "teacher_conflicts_teacher_id_customers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_conflicts" ADD CONSTRAINT "teacher_conflicts_recorded_by_customers_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_conflicts_uq" ON "teacher_conflicts" USING btree ("adjudicator_id","teacher_id");--> statement-breakpoint
CREATE INDEX "teacher_conflicts_teacher_idx" ON "teacher_conflicts" USING btree ("teacher_id");
