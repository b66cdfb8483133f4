CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"participant_profile_id" integer,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"rendition_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_participant_profile_id_participant_profiles_id_fk" FOREIGN KEY ("participant_profile_id") REFERENCES "public"."participant_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_customer_idx" ON "stored_files" USING btree ("customer_id","purpose");--> statement-breakpoint
CREATE INDEX "stored_files_profile_idx" ON "stored_files" USING btree ("participant_profile_id");--> statement-breakpoint
ALTER TABLE "participant_profiles" DROP COLUMN "profile_image_key";