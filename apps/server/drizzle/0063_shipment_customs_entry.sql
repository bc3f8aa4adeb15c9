ALTER TABLE "shipments" ADD COLUMN "customs_entry_number" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "customs_corrected_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "shipments_crossing_open_idx" ON "shipments" USING btree ("created_at","id") WHERE "shipments"."crossing" is not null and "shipments"."status" not in ('delivered', 'canceled');
