CREATE TABLE "user_sms_numbers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_sms_numbers" ADD CONSTRAINT "user_sms_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "user_sms_numbers_phone_idx" ON "user_sms_numbers" USING btree ("phone_number");
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone_number" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"to_number" text NOT NULL,
	"status" text NOT NULL,
	"provider_sid" text,
	"error_code" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sms_messages_user_created_idx" ON "sms_messages" USING btree ("user_id","created_at");
