CREATE TABLE "card_setups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"setup_intent_ref" text NOT NULL,
	"status" text DEFAULT 'requires_action' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_setups" ADD CONSTRAINT "card_setups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_setups" ADD CONSTRAINT "card_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_setups_setup_intent_unique" ON "card_setups" USING btree ("setup_intent_ref");--> statement-breakpoint
CREATE INDEX "card_setups_waiting_idx" ON "card_setups" USING btree ("status","created_at");