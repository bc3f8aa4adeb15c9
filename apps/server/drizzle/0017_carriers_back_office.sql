CREATE TABLE "carrier_tariff_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"carrier_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"effective_date" date,
	"tariff" jsonb NOT NULL,
	"fuel_bp" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"restored_from" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "equipment_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"max_weight_lb" integer,
	"length_ft" integer,
	"pallet_positions" integer,
	"temperature_controlled" boolean DEFAULT false NOT NULL,
	"deck_clear_height_ft" double precision,
	"per_mile_adjustment_cents" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "part_catalog" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"description_en" text NOT NULL,
	"description_es" text NOT NULL,
	"nmfc_item" text NOT NULL,
	"nmfc_sub" text DEFAULT '' NOT NULL,
	"freight_class" double precision,
	"density_based" boolean DEFAULT false NOT NULL,
	"hazardous" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scac_aliases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"alias" text NOT NULL,
	"carrier_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_incidents" ADD COLUMN "kind" text DEFAULT 'carrier_error' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_incidents" ADD COLUMN "fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_incidents" ADD COLUMN "response" jsonb;--> statement-breakpoint
ALTER TABLE "api_incidents" ADD COLUMN "occurrences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_incidents" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "api_incidents" ADD COLUMN "affected_quotes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_incidents" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_incidents" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_incidents" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "api_incidents" ADD COLUMN "resolution_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "tracking_secret_previous" text;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "tracking_secret_previous_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carrier_tariff_versions" ADD CONSTRAINT "carrier_tariff_versions_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_tariff_versions" ADD CONSTRAINT "carrier_tariff_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_tariff_versions" ADD CONSTRAINT "carrier_tariff_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scac_aliases" ADD CONSTRAINT "scac_aliases_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scac_aliases" ADD CONSTRAINT "scac_aliases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_tariff_versions_number_unique" ON "carrier_tariff_versions" USING btree ("carrier_id","number");--> statement-breakpoint
CREATE INDEX "carrier_tariff_versions_effective_idx" ON "carrier_tariff_versions" USING btree ("carrier_id","state","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_types_code_unique" ON "equipment_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "part_catalog_description_idx" ON "part_catalog" USING btree (lower("description_en") collate "C","id");--> statement-breakpoint
CREATE INDEX "part_catalog_nmfc_idx" ON "part_catalog" USING btree ("nmfc_item","nmfc_sub");--> statement-breakpoint
CREATE UNIQUE INDEX "scac_aliases_kind_alias_unique" ON "scac_aliases" USING btree ("kind","alias");--> statement-breakpoint
CREATE INDEX "scac_aliases_carrier_idx" ON "scac_aliases" USING btree ("carrier_id");--> statement-breakpoint
ALTER TABLE "api_incidents" ADD CONSTRAINT "api_incidents_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_incidents_last_seen_idx" ON "api_incidents" USING btree ("last_seen_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_incidents_open_fingerprint_unique" ON "api_incidents" USING btree ("fingerprint") WHERE "api_incidents"."state" = 'open' and "api_incidents"."fingerprint" <> '';--> statement-breakpoint
UPDATE "api_incidents" SET "last_seen_at" = "created_at";
