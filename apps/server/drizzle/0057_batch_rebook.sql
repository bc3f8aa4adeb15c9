ALTER TABLE "batches" ADD COLUMN "file_name" text;
--> statement-breakpoint
ALTER TABLE "batch_rows" ADD COLUMN "booking_attempt" integer DEFAULT 0 NOT NULL;
