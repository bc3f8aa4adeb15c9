CREATE SEQUENCE IF NOT EXISTS "quote_number_seq";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "number" text DEFAULT 'Q' || lpad(nextval('quote_number_seq')::text, 8, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_unique" ON "quotes" USING btree ("number");--> statement-breakpoint
CREATE TABLE "shipment_references" (
	"shipment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "shipment_references_shipment_id_position_pk" PRIMARY KEY("shipment_id","position")
);
--> statement-breakpoint
ALTER TABLE "shipment_references" ADD CONSTRAINT "shipment_references_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_references_value_idx" ON "shipment_references" USING btree (upper("value"));--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "references" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "reference_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A shipment booked before several references were possible has its one reference as the first.
UPDATE "shipments" SET "references" = jsonb_build_array(jsonb_build_object('type', "reference_type", 'value', "reference_number")), "reference_text" = "reference_number"
  WHERE "reference_number" <> '' AND "reference_type" IS NOT NULL;--> statement-breakpoint
UPDATE "shipments" SET "reference_text" = "reference_number" WHERE "reference_number" <> '' AND "reference_type" IS NULL;--> statement-breakpoint
INSERT INTO "shipment_references" ("shipment_id", "position", "type", "value")
  SELECT "id", 0, "reference_type", "reference_number" FROM "shipments" WHERE "reference_number" <> '' AND "reference_type" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(bol_number || ' ' || coalesce(pro_number, '') || ' ' || coalesce(tracking_number, '') || ' ' || reference_text || ' ' || origin_city || ' ' || destination_city)) STORED;--> statement-breakpoint
-- The search's trigram index went with the old column; it comes back where pg_trgm exists (PostgreSQL; PGlite scans).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "shipments_search_trgm_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops);
  END IF;
END
$$;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "parcel_options" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "temperature" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "eta_override" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "eta_override_date" date;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "eta_override_reason" text;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "time_zone" text;
