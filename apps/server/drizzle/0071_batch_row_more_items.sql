-- A row's further item lines (an eBay order with items of several kinds), as text cells like the row's own.
ALTER TABLE "batch_rows" ADD COLUMN "more_items" jsonb DEFAULT '[]'::jsonb NOT NULL;
