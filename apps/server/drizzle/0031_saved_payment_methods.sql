CREATE TABLE "account_payment_profiles" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"autopay" boolean DEFAULT false NOT NULL,
	"autopay_by" uuid,
	"autopay_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autopay_invoices" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_on" date,
	"last_error" text,
	"payment_id" uuid,
	"gave_up_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider_ref" text NOT NULL,
	"type" text NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"bank_name" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_payment_profiles" ADD CONSTRAINT "account_payment_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_payment_profiles" ADD CONSTRAINT "account_payment_profiles_autopay_by_users_id_fk" FOREIGN KEY ("autopay_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_invoices" ADD CONSTRAINT "autopay_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_invoices" ADD CONSTRAINT "autopay_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_invoices" ADD CONSTRAINT "autopay_invoices_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autopay_invoices_account_idx" ON "autopay_invoices" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_ref_unique" ON "saved_payment_methods" USING btree ("account_id","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_one_default" ON "saved_payment_methods" USING btree ("account_id") WHERE "saved_payment_methods"."is_default";