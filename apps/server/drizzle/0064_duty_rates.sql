CREATE TABLE "duty_rates" (
	"country" text NOT NULL,
	"hs_code" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"description" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "duty_rates_country_hs_code_pk" PRIMARY KEY("country","hs_code")
);
--> statement-breakpoint
CREATE TABLE "duty_rate_sources" (
	"country" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"as_of" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "duty_rates" ADD CONSTRAINT "duty_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_rate_sources" ADD CONSTRAINT "duty_rate_sources_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
