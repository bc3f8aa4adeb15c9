CREATE TABLE "analytics_days" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"mode" text NOT NULL,
	"carrier_id" uuid,
	"carrier_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"origin_state" text NOT NULL,
	"destination_state" text NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"weight_lb" double precision DEFAULT 0 NOT NULL,
	"pallets" integer DEFAULT 0 NOT NULL,
	"pickup_measured" integer DEFAULT 0 NOT NULL,
	"pickup_on_time" integer DEFAULT 0 NOT NULL,
	"delivery_measured" integer DEFAULT 0 NOT NULL,
	"delivery_on_time" integer DEFAULT 0 NOT NULL,
	"transit_measured" integer DEFAULT 0 NOT NULL,
	"transit_days" integer DEFAULT 0 NOT NULL,
	"quoted_days" integer DEFAULT 0 NOT NULL,
	"corrected" integer DEFAULT 0 NOT NULL,
	"reweighed" integer DEFAULT 0 NOT NULL,
	"reclassed" integer DEFAULT 0 NOT NULL,
	"corrected_cents" bigint DEFAULT 0 NOT NULL,
	"savings_measured" integer DEFAULT 0 NOT NULL,
	"savings_cents" bigint DEFAULT 0 NOT NULL,
	"accessorials" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "analytics_days_account_day_idx" ON "analytics_days" USING btree ("account_id","day");
