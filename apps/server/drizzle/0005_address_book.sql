CREATE TABLE "address_book" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" uuid,
	"company" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"street1" text NOT NULL,
	"street2" text DEFAULT '' NOT NULL,
	"street3" text DEFAULT '' NOT NULL,
	"street4" text DEFAULT '' NOT NULL,
	"street5" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"interior_number" text DEFAULT '' NOT NULL,
	"exterior_number" text DEFAULT '' NOT NULL,
	"neighborhood" text DEFAULT '' NOT NULL,
	"location_type" text DEFAULT 'commercial' NOT NULL,
	"limited_access" boolean DEFAULT false NOT NULL,
	"liftgate_recommended" boolean DEFAULT false NOT NULL,
	"opens_at" text DEFAULT '' NOT NULL,
	"closes_at" text DEFAULT '' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"dedupe_key" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(company || ' ' || first_name || ' ' || last_name || ' ' || street1 || ' ' || city || ' ' || replace(postal_code, ' ', ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_book" ADD CONSTRAINT "address_book_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_book" ADD CONSTRAINT "address_book_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_book_account_company_idx" ON "address_book" USING btree ("account_id",lower("company") collate "C","id");--> statement-breakpoint
CREATE INDEX "address_book_account_created_idx" ON "address_book" USING btree ("account_id","created_at","id");--> statement-breakpoint
-- Hand-written (not in schema.ts): the list search's trigram index, where pg_trgm can be created
-- (PostgreSQL; a trusted extension since 13). PGlite does not ship it unless loaded: it scans.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available (%): the address search scans', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "address_book_search_trgm_idx" ON "address_book" USING gin ("search_text" gin_trgm_ops);
  END IF;
END
$$;
