CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" uuid,
	"description" text NOT NULL,
	"product_number" text DEFAULT '' NOT NULL,
	"nmfc" text DEFAULT '' NOT NULL,
	"sat" text DEFAULT '' NOT NULL,
	"package_type" text NOT NULL,
	"freight_class" double precision,
	"length_in" double precision NOT NULL,
	"width_in" double precision NOT NULL,
	"height_in" double precision NOT NULL,
	"weight_lb" double precision NOT NULL,
	"hazardous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_account_description_idx" ON "products" USING btree ("account_id",lower("description") collate "C","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_number_unique" ON "products" USING btree ("account_id",lower("product_number") collate "C") WHERE "products"."product_number" <> '';--> statement-breakpoint
CREATE INDEX "products_account_nmfc_idx" ON "products" USING btree ("account_id",lower("nmfc") collate "C");--> statement-breakpoint
CREATE INDEX "products_account_created_idx" ON "products" USING btree ("account_id","created_at","id");