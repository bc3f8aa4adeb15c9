CREATE TABLE "usmca_certifications" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"certifier_role" text NOT NULL,
	"company" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"producer" text NOT NULL,
	"blanket_from" date,
	"blanket_to" date,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "usmca_certifications" ADD CONSTRAINT "usmca_certifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usmca_certifications" ADD CONSTRAINT "usmca_certifications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
