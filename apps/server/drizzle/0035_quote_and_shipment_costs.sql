ALTER TABLE "quotes" ADD COLUMN "costs" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cost_cents" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cost_lines" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pricing_applied" jsonb;