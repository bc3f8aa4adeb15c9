ALTER TABLE "shipments" ADD COLUMN "crossing" jsonb;
