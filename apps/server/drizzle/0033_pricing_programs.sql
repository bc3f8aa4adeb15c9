CREATE TABLE "pricing_program_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"effective_date" date,
	"program" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"restored_from" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone,
	"previewed_hash" text,
	"preview_impact" jsonb
);
--> statement-breakpoint
CREATE TABLE "pricing_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pricing_program_versions" ADD CONSTRAINT "pricing_program_versions_program_id_pricing_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."pricing_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_program_versions" ADD CONSTRAINT "pricing_program_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_program_versions" ADD CONSTRAINT "pricing_program_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_programs" ADD CONSTRAINT "pricing_programs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_program_versions_number_unique" ON "pricing_program_versions" USING btree ("program_id","number");--> statement-breakpoint
CREATE INDEX "pricing_program_versions_effective_idx" ON "pricing_program_versions" USING btree ("program_id","state","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_programs_account_unique" ON "pricing_programs" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_programs_one_default" ON "pricing_programs" USING btree ("is_default") WHERE "pricing_programs"."is_default";