ALTER TABLE "saved_payment_methods" ADD COLUMN "verification" text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD COLUMN "setup_intent_ref" text;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD COLUMN "microdeposits_arrive_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD COLUMN "verify_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "saved_payment_methods_setup_intent" ON "saved_payment_methods" USING btree ("setup_intent_ref");