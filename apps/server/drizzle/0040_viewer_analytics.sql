ALTER TABLE "accounts" ADD COLUMN "viewers_see_analytics" boolean DEFAULT false NOT NULL;
