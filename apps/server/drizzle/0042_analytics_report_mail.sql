CREATE TABLE "analytics_report_subscriptions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_report_subscriptions_frequency" CHECK ("frequency" in ('weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "analytics_report_subscriptions" ADD CONSTRAINT "analytics_report_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "analytics_report_mails" (
	"user_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_report_mails_user_id_frequency_period_from_pk" PRIMARY KEY("user_id","frequency","period_from")
);
--> statement-breakpoint
ALTER TABLE "analytics_report_mails" ADD CONSTRAINT "analytics_report_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
