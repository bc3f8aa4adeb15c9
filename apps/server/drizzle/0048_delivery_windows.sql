CREATE TABLE "carrier_lane_transit" (
	"carrier_id" uuid NOT NULL,
	"lane" text NOT NULL,
	"days" integer NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"promised_days" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "carrier_lane_transit_pk" PRIMARY KEY("carrier_id","lane","days")
);
--> statement-breakpoint
ALTER TABLE "carrier_lane_transit" ADD CONSTRAINT "carrier_lane_transit_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;
