ALTER TABLE "batch_rows" ADD COLUMN "booking_error" text;
