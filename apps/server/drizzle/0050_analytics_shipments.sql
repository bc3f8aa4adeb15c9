CREATE TABLE "analytics_shipments" (
	"shipment_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"mode" text NOT NULL,
	"carrier_id" uuid,
	"user_id" uuid NOT NULL,
	"origin_state" text NOT NULL,
	"destination_state" text NOT NULL,
	"pickup_on_time" boolean,
	"delivery_on_time" boolean,
	"transit_measured" boolean NOT NULL,
	"corrected" boolean NOT NULL,
	"with_savings" boolean NOT NULL,
	"accessorials" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_shipments" ADD CONSTRAINT "analytics_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "analytics_shipments" ADD CONSTRAINT "analytics_shipments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "analytics_shipments_account_day_idx" ON "analytics_shipments" USING btree ("account_id","day");
--> statement-breakpoint
CREATE INDEX "analytics_shipments_picked_up_late_idx" ON "analytics_shipments" USING btree ("account_id","day") WHERE "pickup_on_time" = false;
--> statement-breakpoint
CREATE INDEX "analytics_shipments_delivered_late_idx" ON "analytics_shipments" USING btree ("account_id","day") WHERE "delivery_on_time" = false;
--> statement-breakpoint
CREATE INDEX "analytics_shipments_corrected_idx" ON "analytics_shipments" USING btree ("account_id","day") WHERE "corrected";
--> statement-breakpoint
-- The table is filled by the summary's full count: forgetting its marks makes the next start count again (docs/analytics.md).
DELETE FROM "app_state" WHERE "key" = 'analytics_summary.marks';
