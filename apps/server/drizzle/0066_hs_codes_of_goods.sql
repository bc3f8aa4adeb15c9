ALTER TABLE "products" ADD COLUMN "hs_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "part_catalog" ADD COLUMN "hs_code" text DEFAULT '' NOT NULL;
