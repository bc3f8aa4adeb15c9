CREATE TABLE "carrier_invoice_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier_invoice_id" uuid NOT NULL,
	"author_id" uuid,
	"from_carrier" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier_id" uuid,
	"billed_scac" text NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"pro_number" text DEFAULT '' NOT NULL,
	"bol_number" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"partner_id" uuid,
	"shipment_id" uuid,
	"account_id" uuid,
	"currency" text NOT NULL,
	"billed_weight_lb" integer,
	"billed_class" double precision,
	"lines" jsonb NOT NULL,
	"billed_cents" integer NOT NULL,
	"expected_cents" integer,
	"audit" jsonb,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"approved_cents" integer,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"due_date" date,
	"rebill_invoice_id" uuid,
	"payables_batch_id" uuid,
	"paid_at" timestamp with time zone,
	"paid_by" uuid,
	"paid_reference" text,
	"version" integer DEFAULT 1 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(invoice_number || ' ' || pro_number || ' ' || bol_number || ' ' || billed_scac)) STORED,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payables_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payables_batches_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "integration_partners" ADD COLUMN "carrier_id" uuid;--> statement-breakpoint
ALTER TABLE "carrier_invoice_messages" ADD CONSTRAINT "carrier_invoice_messages_carrier_invoice_id_carrier_invoices_id_fk" FOREIGN KEY ("carrier_invoice_id") REFERENCES "public"."carrier_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoice_messages" ADD CONSTRAINT "carrier_invoice_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_partner_id_integration_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."integration_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_rebill_invoice_id_invoices_id_fk" FOREIGN KEY ("rebill_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_payables_batch_id_payables_batches_id_fk" FOREIGN KEY ("payables_batch_id") REFERENCES "public"."payables_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_invoices" ADD CONSTRAINT "carrier_invoices_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payables_batches" ADD CONSTRAINT "payables_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_invoice_messages_invoice_idx" ON "carrier_invoice_messages" USING btree ("carrier_invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "carrier_invoices_carrier_number_idx" ON "carrier_invoices" USING btree ("carrier_id","invoice_number");--> statement-breakpoint
CREATE INDEX "carrier_invoices_shipment_idx" ON "carrier_invoices" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "carrier_invoices_status_created_idx" ON "carrier_invoices" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "carrier_invoices_created_idx" ON "carrier_invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "carrier_invoices_batch_idx" ON "carrier_invoices" USING btree ("payables_batch_id");--> statement-breakpoint
ALTER TABLE "integration_partners" ADD CONSTRAINT "integration_partners_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;