-- A row's further item lines (a file's further lines of a shipment, an eBay order's other kinds), as text cells like the row's own.
ALTER TABLE "batch_rows" ADD COLUMN "more_items" jsonb DEFAULT '[]'::jsonb NOT NULL;
