CREATE TABLE "account_suspension_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"proposed_by" uuid,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"submitted_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"legal_name" text NOT NULL,
	"requested_limit_cents" integer NOT NULL,
	"details" jsonb NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"net_days" integer,
	"credit_limit_cents" integer,
	"grace_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_attachment_chunks" (
	"attachment_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "support_attachment_chunks_attachment_id_seq_pk" PRIMARY KEY("attachment_id","seq")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target_label" text;--> statement-breakpoint
ALTER TABLE "carrier_tariff_versions" ADD COLUMN "previewed_hash" text;--> statement-breakpoint
ALTER TABLE "carrier_tariff_versions" ADD COLUMN "preview_impact" jsonb;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "quoting_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "quoting_pause_reason" jsonb;--> statement-breakpoint
ALTER TABLE "account_suspension_proposals" ADD CONSTRAINT "account_suspension_proposals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_suspension_proposals" ADD CONSTRAINT "account_suspension_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_suspension_proposals" ADD CONSTRAINT "account_suspension_proposals_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachment_chunks" ADD CONSTRAINT "support_attachment_chunks_attachment_id_support_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."support_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_suspension_proposals_account_idx" ON "account_suspension_proposals" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_applications_status_idx" ON "credit_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "credit_applications_account_idx" ON "credit_applications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_applications_one_pending" ON "credit_applications" USING btree ("account_id") WHERE "credit_applications"."status" = 'pending';