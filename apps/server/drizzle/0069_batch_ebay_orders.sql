ALTER TABLE "batches" ADD COLUMN "source" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD COLUMN "ebay_order_id" uuid;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_ebay_order_id_ebay_orders_id_fk" FOREIGN KEY ("ebay_order_id") REFERENCES "public"."ebay_orders"("id") ON DELETE set null ON UPDATE no action;
