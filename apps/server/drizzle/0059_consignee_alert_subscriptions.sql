CREATE TABLE "consignee_alert_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"email" text NOT NULL,
	"number" text NOT NULL,
	"language" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "consignee_alert_subscriptions" ADD CONSTRAINT "consignee_alert_subscriptions_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "consignee_alert_subscriptions_address_unique" ON "consignee_alert_subscriptions" USING btree ("shipment_id","email");
--> statement-breakpoint
CREATE UNIQUE INDEX "consignee_alert_subscriptions_token_unique" ON "consignee_alert_subscriptions" USING btree ("confirm_token_hash");
--> statement-breakpoint
CREATE INDEX "consignee_alert_subscriptions_live_idx" ON "consignee_alert_subscriptions" USING btree ("shipment_id") WHERE "consignee_alert_subscriptions"."ended_at" is null;
--> statement-breakpoint
CREATE INDEX "consignee_alert_subscriptions_pending_idx" ON "consignee_alert_subscriptions" USING btree ("confirm_expires_at") WHERE "consignee_alert_subscriptions"."confirmed_at" is null and "consignee_alert_subscriptions"."ended_at" is null;
