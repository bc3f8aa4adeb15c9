CREATE SEQUENCE "claims_number_seq";
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'filed' NOT NULL,
	"description" text NOT NULL,
	"currency" text NOT NULL,
	"commercial_invoice_cents" integer,
	"goods_cents" integer NOT NULL,
	"freight_cents" integer DEFAULT 0 NOT NULL,
	"salvage_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"liability_basis" text NOT NULL,
	"liability_cents" integer NOT NULL,
	"filed_by" uuid,
	"filed_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"delivered_on" date,
	"expected_delivery_on" date,
	"notice_due_on" date,
	"notice_late" boolean DEFAULT false NOT NULL,
	"filing_due_on" date NOT NULL,
	"acknowledgement_due_on" date NOT NULL,
	"decision_due_on" date NOT NULL,
	"assignee_id" uuid,
	"carrier_claim_number" text,
	"acknowledged_at" timestamp with time zone,
	"decision" text,
	"decision_reason" text,
	"decided_amount_cents" integer,
	"decided_at" timestamp with time zone,
	"paid_amount_cents" integer,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"reminders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"pieces" integer NOT NULL,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"author" text NOT NULL,
	"user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "claim_messages" ADD CONSTRAINT "claim_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_message_id_claim_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."claim_messages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "claim_attachments" ADD CONSTRAINT "claim_attachments_attachment_id_support_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."support_attachments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "claims_number_unique" ON "claims" USING btree ("number");
--> statement-breakpoint
CREATE INDEX "claims_account_filed_idx" ON "claims" USING btree ("account_id","filed_at","id");
--> statement-breakpoint
CREATE INDEX "claims_shipment_idx" ON "claims" USING btree ("shipment_id");
--> statement-breakpoint
CREATE INDEX "claims_open_filed_idx" ON "claims" USING btree ("filed_at","id") WHERE "status" <> 'closed';
--> statement-breakpoint
CREATE INDEX "claim_lines_claim_idx" ON "claim_lines" USING btree ("claim_id","position");
--> statement-breakpoint
CREATE INDEX "claim_messages_claim_idx" ON "claim_messages" USING btree ("claim_id","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "claim_attachments_attachment_unique" ON "claim_attachments" USING btree ("attachment_id");
--> statement-breakpoint
CREATE INDEX "claim_attachments_message_idx" ON "claim_attachments" USING btree ("message_id");
