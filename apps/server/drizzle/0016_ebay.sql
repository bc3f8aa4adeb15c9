CREATE TABLE "ebay_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"ebay_order_id" text NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"ebay_modified_at" timestamp with time zone NOT NULL,
	"buyer" text NOT NULL,
	"ship_to" jsonb NOT NULL,
	"line_items" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"quote_id" uuid,
	"shipment_id" uuid,
	"fulfilled_at" timestamp with time zone,
	"fulfillment_id" text,
	"fulfillment_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebay_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"connected_by" uuid,
	"ebay_user" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"access_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"refresh_token_enc" text,
	"refresh_expires_at" timestamp with time zone,
	"synced_through" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ebay_orders" ADD CONSTRAINT "ebay_orders_store_id_ebay_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."ebay_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_orders" ADD CONSTRAINT "ebay_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_orders" ADD CONSTRAINT "ebay_orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_orders" ADD CONSTRAINT "ebay_orders_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_stores" ADD CONSTRAINT "ebay_stores_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ebay_stores" ADD CONSTRAINT "ebay_stores_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ebay_orders_store_order_unique" ON "ebay_orders" USING btree ("store_id","ebay_order_id");--> statement-breakpoint
CREATE INDEX "ebay_orders_account_status_idx" ON "ebay_orders" USING btree ("account_id","status","ordered_at");--> statement-breakpoint
CREATE INDEX "ebay_orders_account_ordered_idx" ON "ebay_orders" USING btree ("account_id","ordered_at");--> statement-breakpoint
CREATE INDEX "ebay_stores_account_idx" ON "ebay_stores" USING btree ("account_id");