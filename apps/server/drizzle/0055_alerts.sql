CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notified_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	CONSTRAINT "alerts_kind_check" CHECK ("kind" IN ('no_pickup', 'stalled', 'window_slipping', 'delivered_with_exceptions', 'action_required'))
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_unique" ON "alerts" USING btree ("shipment_id","kind") WHERE "closed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "alerts_account_raised_idx" ON "alerts" USING btree ("account_id","raised_at","id");
--> statement-breakpoint
CREATE INDEX "alerts_account_open_idx" ON "alerts" USING btree ("account_id","raised_at","id") WHERE "closed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "alerts_queue_idx" ON "alerts" USING btree ("raised_at","id") WHERE "closed_at" IS NULL AND "acknowledged_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "alerts_queue_kind_idx" ON "alerts" USING btree ("kind","raised_at","id") WHERE "closed_at" IS NULL AND "acknowledged_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "alerts_unnotified_idx" ON "alerts" USING btree ("raised_at","id") WHERE "notified_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "alert_inbox" (
	"alert_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "alert_inbox_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "alert_inbox" ADD CONSTRAINT "alert_inbox_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alert_inbox" ADD CONSTRAINT "alert_inbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "alert_inbox_unread_idx" ON "alert_inbox" USING btree ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "alert_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"portal" boolean DEFAULT true NOT NULL,
	"mail" boolean DEFAULT true NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "alert_preferences_kind_check" CHECK ("kind" IN ('no_pickup', 'stalled', 'window_slipping', 'delivered_with_exceptions', 'action_required'))
);
--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "shipments_alert_pickup_idx" ON "shipments" USING btree ("pickup_date") WHERE "status" IN ('pending', 'dispatched', 'delayed');
--> statement-breakpoint
CREATE INDEX "shipments_alert_moving_idx" ON "shipments" USING btree ("id") WHERE "status" IN ('in_transit', 'delayed');
--> statement-breakpoint
CREATE INDEX "shipments_alert_promised_idx" ON "shipments" USING btree ("shown_estimated_delivery") WHERE "status" NOT IN ('delivered', 'canceled');
--> statement-breakpoint
CREATE INDEX "shipments_alert_action_idx" ON "shipments" USING btree ("id") WHERE "action_required";
--> statement-breakpoint
CREATE INDEX "delivery_receipts_created_idx" ON "delivery_receipts" USING btree ("created_at");
