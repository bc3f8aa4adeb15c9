ALTER TABLE "shipments" ADD COLUMN "customs" jsonb;
