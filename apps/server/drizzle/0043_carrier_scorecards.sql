CREATE TABLE "carrier_scorecard_months" (
	"carrier_id" uuid NOT NULL,
	"month" date NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"pickup_measured" integer DEFAULT 0 NOT NULL,
	"pickup_on_time" integer DEFAULT 0 NOT NULL,
	"delivery_measured" integer DEFAULT 0 NOT NULL,
	"delivery_on_time" integer DEFAULT 0 NOT NULL,
	"transit_measured" integer DEFAULT 0 NOT NULL,
	"transit_days" integer DEFAULT 0 NOT NULL,
	"quoted_days" integer DEFAULT 0 NOT NULL,
	"tenders" integer DEFAULT 0 NOT NULL,
	"tenders_accepted" integer DEFAULT 0 NOT NULL,
	"corrected" integer DEFAULT 0 NOT NULL,
	"reweighed" integer DEFAULT 0 NOT NULL,
	"reclassed" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "carrier_scorecard_months_pk" PRIMARY KEY("carrier_id","month")
);
--> statement-breakpoint
ALTER TABLE "carrier_scorecard_months" ADD CONSTRAINT "carrier_scorecard_months_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "carrier_scorecard_months_month_idx" ON "carrier_scorecard_months" USING btree ("month");
--> statement-breakpoint
CREATE TABLE "carrier_rate_failures" (
	"carrier_id" uuid NOT NULL,
	"month" date NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"timeouts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "carrier_rate_failures_pk" PRIMARY KEY("carrier_id","month")
);
--> statement-breakpoint
ALTER TABLE "carrier_rate_failures" ADD CONSTRAINT "carrier_rate_failures_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "shipments_carrier_pickup_idx" ON "shipments" USING btree ("carrier_id","pickup_date");
--> statement-breakpoint
CREATE INDEX "shipments_updated_idx" ON "shipments" USING btree ("updated_at");
--> statement-breakpoint
CREATE INDEX "shipment_events_received_idx" ON "shipment_events" USING btree ("received_at");
--> statement-breakpoint
CREATE INDEX "invoices_adjustment_created_idx" ON "invoices" USING btree ("created_at") WHERE "invoices"."type" = 'adjustment';
