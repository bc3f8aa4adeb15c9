CREATE TABLE "account_credit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"reason" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_dispute_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dispute_id" uuid NOT NULL,
	"author_id" uuid,
	"staff" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"charge_code" text,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"accepted_cents" integer,
	"resolution_note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"credit_memo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payment_allocations" (
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "invoice_payment_allocations_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"card_brand" text,
	"last4" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shipment_id" uuid,
	"related_invoice_id" uuid,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"bol_number" text,
	"pro_number" text,
	"delivery_location" text DEFAULT '' NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text NOT NULL,
	"charges" jsonb NOT NULL,
	"correction" jsonb,
	"quoted_total_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"pending_cents" integer DEFAULT 0 NOT NULL,
	"disputed_cents" integer DEFAULT 0 NOT NULL,
	"insured_value_cents" integer DEFAULT 0 NOT NULL,
	"deductible_cents" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"reminded_before_at" timestamp with time zone,
	"reminded_past_due_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(number || ' ' || coalesce(bol_number, '') || ' ' || coalesce(pro_number, ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "net_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "grace_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "credit_limit_cents" integer DEFAULT 2500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "hold_source" text;--> statement-breakpoint
ALTER TABLE "account_credit_events" ADD CONSTRAINT "account_credit_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_credit_events" ADD CONSTRAINT "account_credit_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_dispute_messages" ADD CONSTRAINT "invoice_dispute_messages_dispute_id_invoice_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."invoice_disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_dispute_messages" ADD CONSTRAINT "invoice_dispute_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_disputes" ADD CONSTRAINT "invoice_disputes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_disputes" ADD CONSTRAINT "invoice_disputes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_disputes" ADD CONSTRAINT "invoice_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_disputes" ADD CONSTRAINT "invoice_disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_disputes" ADD CONSTRAINT "invoice_disputes_credit_memo_id_invoices_id_fk" FOREIGN KEY ("credit_memo_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_allocations" ADD CONSTRAINT "invoice_payment_allocations_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_allocations" ADD CONSTRAINT "invoice_payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_credit_events_account_idx" ON "account_credit_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_dispute_messages_dispute_idx" ON "invoice_dispute_messages" USING btree ("dispute_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_disputes_invoice_idx" ON "invoice_disputes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_disputes_open_idx" ON "invoice_disputes" USING btree ("created_at") WHERE "invoice_disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "invoice_payment_allocations_invoice_idx" ON "invoice_payment_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_account_key_unique" ON "invoice_payments" USING btree ("account_id","idempotency_key") WHERE "invoice_payments"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "invoice_payments_account_created_idx" ON "invoice_payments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_shipment_freight_unique" ON "invoices" USING btree ("shipment_id") WHERE "invoices"."type" = 'freight';--> statement-breakpoint
CREATE INDEX "invoices_account_due_idx" ON "invoices" USING btree ("account_id","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_account_date_idx" ON "invoices" USING btree ("account_id","invoice_date","id");--> statement-breakpoint
CREATE INDEX "invoices_account_number_idx" ON "invoices" USING btree ("account_id","number" collate "C","id");--> statement-breakpoint
CREATE INDEX "invoices_account_balance_idx" ON "invoices" USING btree ("account_id","balance_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_account_total_idx" ON "invoices" USING btree ("account_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_account_paid_idx" ON "invoices" USING btree ("account_id","paid_at") WHERE "invoices"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "invoices_account_open_idx" ON "invoices" USING btree ("account_id","due_date","id") WHERE "invoices"."balance_cents" <> 0 or "invoices"."pending_cents" <> 0;--> statement-breakpoint
CREATE INDEX "invoices_account_aging_idx" ON "invoices" USING btree ("account_id","currency","due_date","balance_cents","pending_cents","disputed_cents") WHERE "invoices"."balance_cents" <> 0 or "invoices"."pending_cents" <> 0;--> statement-breakpoint
CREATE INDEX "invoices_reminder_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."balance_cents" > 0;--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "invoice_serial" START WITH 100000 MAXVALUE 9999999;
--> statement-breakpoint
-- Hand-written: the invoice search's trigram index where pg_trgm exists (PostgreSQL; PGlite scans).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "invoices_search_trgm_idx" ON "invoices" USING gin ("search_text" gin_trgm_ops);
  END IF;
END
$$;
