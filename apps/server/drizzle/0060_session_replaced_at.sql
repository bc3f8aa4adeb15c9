ALTER TABLE "sessions" ADD COLUMN "replaced_at" timestamp with time zone;
