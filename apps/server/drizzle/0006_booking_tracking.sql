CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"hold_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"source" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"status_code" text NOT NULL,
	"reason_code" text,
	"status" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"utc_offset_minutes" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quote_id" uuid,
	"rate_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"carrier_id" uuid,
	"carrier_name" text NOT NULL,
	"scac" text NOT NULL,
	"mode" text NOT NULL,
	"service" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"action_required" boolean DEFAULT false NOT NULL,
	"bol_number" text NOT NULL,
	"pro_number" text,
	"pickup_number" text,
	"tracking_number" text,
	"delivery_confirmation_number" text,
	"pickup_date" date NOT NULL,
	"ready_time" text NOT NULL,
	"close_time" text NOT NULL,
	"delivery_appointment" boolean DEFAULT false NOT NULL,
	"delivery_date" date,
	"estimated_delivery" date,
	"transit_days" integer NOT NULL,
	"pickup" jsonb NOT NULL,
	"delivery" jsonb NOT NULL,
	"origin_city" text NOT NULL,
	"origin_state" text NOT NULL,
	"origin_postal_code" text NOT NULL,
	"origin_country" text NOT NULL,
	"destination_city" text NOT NULL,
	"destination_state" text NOT NULL,
	"destination_postal_code" text NOT NULL,
	"destination_country" text NOT NULL,
	"reference_type" text,
	"reference_number" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"pickup_note" text,
	"hazardous" boolean DEFAULT false NOT NULL,
	"hazmat" jsonb,
	"items" jsonb NOT NULL,
	"accessorials" jsonb NOT NULL,
	"currency" text NOT NULL,
	"total_cents" integer NOT NULL,
	"charges" jsonb NOT NULL,
	"declared_value_cents" integer NOT NULL,
	"insurance" jsonb,
	"notify_consignee" boolean DEFAULT false NOT NULL,
	"payment_state" text DEFAULT 'not_required' NOT NULL,
	"payment_due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"tracked_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(bol_number || ' ' || coalesce(pro_number, '') || ' ' || coalesce(tracking_number, '') || ' ' || reference_number || ' ' || origin_city || ' ' || destination_city)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "payment_terms" text DEFAULT 'credit' NOT NULL;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "tracking_secret" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "booked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "booking_prefill" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_key_unique" ON "jobs" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_shipment_idempotency_unique" ON "payments" USING btree ("shipment_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_dedupe_unique" ON "shipment_events" USING btree ("shipment_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_occurred_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_bol_number_unique" ON "shipments" USING btree ("bol_number");--> statement-breakpoint
CREATE INDEX "shipments_pro_number_idx" ON "shipments" USING btree ("pro_number");--> statement-breakpoint
CREATE INDEX "shipments_tracking_number_idx" ON "shipments" USING btree ("tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_account_idempotency_unique" ON "shipments" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "shipments_account_created_idx" ON "shipments" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_account_status_created_idx" ON "shipments" USING btree ("account_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "shipments_awaiting_payment_idx" ON "shipments" USING btree ("payment_due_at") WHERE "shipments"."payment_state" = 'awaiting';--> statement-breakpoint
CREATE INDEX "shipments_quote_idx" ON "shipments" USING btree ("quote_id");--> statement-breakpoint
-- Hand-written (not in schema.ts): the serial of the VICS BOL numbers (packages/domain shipping/bol.ts).
CREATE SEQUENCE IF NOT EXISTS "shipment_bol_serial" START WITH 1000 MAXVALUE 999999999;
--> statement-breakpoint
-- Hand-written: the My Shipments search's trigram index where pg_trgm exists (PostgreSQL; PGlite scans).
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available (%): the shipment search scans', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "shipments_search_trgm_idx" ON "shipments" USING gin ("search_text" gin_trgm_ops);
  END IF;
END
$$;
