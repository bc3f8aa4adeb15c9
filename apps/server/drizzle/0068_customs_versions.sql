ALTER TABLE "shipments" ADD COLUMN "customs_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "carta_portes" ADD COLUMN "customs_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TABLE "customs_versions" (
	"shipment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"customs" jsonb NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL,
	"document" text NOT NULL,
	"note" text NOT NULL,
	CONSTRAINT "customs_versions_shipment_id_version_pk" PRIMARY KEY("shipment_id","version")
);
--> statement-breakpoint
ALTER TABLE "customs_versions" ADD CONSTRAINT "customs_versions_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;
