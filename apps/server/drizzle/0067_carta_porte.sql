CREATE TABLE "mexican_carrier_fleets" (
	"scac" text PRIMARY KEY NOT NULL,
	"permit_type" text NOT NULL,
	"permit_number" text NOT NULL,
	"insurer" text NOT NULL,
	"policy" text NOT NULL,
	"trucks" jsonb NOT NULL,
	"drivers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carta_portes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"uuid" text NOT NULL,
	"id_ccp" text NOT NULL,
	"xml" text NOT NULL,
	"stamped_at" timestamp with time zone NOT NULL,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "carta_portes" ADD CONSTRAINT "carta_portes_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carta_portes_shipment_version" ON "carta_portes" USING btree ("shipment_id","version");
