CREATE TABLE "user_carrier_preferences" (
	"user_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_carrier_preferences_user_id_carrier_id_pk" PRIMARY KEY("user_id","carrier_id")
);
--> statement-breakpoint
ALTER TABLE "user_carrier_preferences" ADD CONSTRAINT "user_carrier_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_carrier_preferences" ADD CONSTRAINT "user_carrier_preferences_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;