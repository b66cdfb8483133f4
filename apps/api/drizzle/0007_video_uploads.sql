CREATE TABLE "video_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" uuid NOT NULL,
	"customer_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"title" text NOT NULL,
	"storage_size" bigint DEFAULT 0 NOT NULL,
	"upload_id" text,
	"original_file_name" text,
	"storage_key" text,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "video_collections" ADD CONSTRAINT "video_collections_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_collections" ADD CONSTRAINT "video_collections_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_slots" ADD CONSTRAINT "video_slots_collection_id_video_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."video_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_slots" ADD CONSTRAINT "video_slots_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_slots" ADD CONSTRAINT "video_slots_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "video_collections_item_uq" ON "video_collections" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "video_slots_collection_idx" ON "video_slots" USING btree ("collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_slots_upload_uq" ON "video_slots" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_item_uploads_name_uq" ON "order_item_uploads" USING btree ("order_item_id",lower("original_file_name")) WHERE not "order_item_uploads"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "order_item_uploads_video_uq" ON "order_item_uploads" USING btree ("video_id") WHERE not "order_item_uploads"."is_deleted";