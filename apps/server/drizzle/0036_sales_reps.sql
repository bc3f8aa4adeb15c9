CREATE TABLE "account_sales_reps" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"rep_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_sales_reps" ADD CONSTRAINT "account_sales_reps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_sales_reps" ADD CONSTRAINT "account_sales_reps_rep_id_users_id_fk" FOREIGN KEY ("rep_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_sales_reps" ADD CONSTRAINT "account_sales_reps_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_sales_reps_rep_idx" ON "account_sales_reps" USING btree ("rep_id");