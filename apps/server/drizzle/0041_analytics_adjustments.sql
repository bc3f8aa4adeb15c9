CREATE INDEX "invoices_shipment_adjustment_idx" ON "invoices" USING btree ("shipment_id") WHERE "invoices"."type" = 'adjustment';
