CREATE TABLE "delivery_receipts" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"exceptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature_png" bytea,
	"document" bytea,
	"document_type" text,
	"source" text NOT NULL,
	"carrier_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_receipts_source_check" CHECK ("source" IN ('demo', 'carrier_api')),
	CONSTRAINT "delivery_receipts_document_type_check" CHECK ("document_type" IS NULL OR "document_type" IN ('application/pdf', 'image/png', 'image/jpeg'))
);
--> statement-breakpoint
ALTER TABLE "delivery_receipts" ADD CONSTRAINT "delivery_receipts_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "delivery_receipts" ADD CONSTRAINT "delivery_receipts_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;
