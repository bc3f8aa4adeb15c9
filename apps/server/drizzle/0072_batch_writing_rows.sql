-- A batch whose uploaded rows are still being written (a few per statement) is hidden until they are all in.
ALTER TABLE "batches" ADD COLUMN "writing_rows" boolean DEFAULT false NOT NULL;
