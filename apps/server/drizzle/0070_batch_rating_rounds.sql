ALTER TABLE "batches" ADD COLUMN "rating_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD COLUMN "rated_round" integer;--> statement-breakpoint
-- Rows rated before rounds were kept count as rated in their batch's first round.
UPDATE "batch_rows" SET "rated_round" = 1 WHERE "status" IN ('rated', 'rating_failed', 'booked', 'awaiting_approval', 'booking_failed');--> statement-breakpoint
UPDATE "batches" SET "rating_round" = 1 WHERE EXISTS (SELECT 1 FROM "batch_rows" r WHERE r."batch_id" = "batches"."id" AND r."rated_round" = 1);
