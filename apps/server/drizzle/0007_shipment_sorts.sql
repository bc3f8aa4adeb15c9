DROP INDEX "payments_shipment_idempotency_unique";--> statement-breakpoint
CREATE INDEX "shipments_account_pickup_idx" ON "shipments" USING btree ("account_id","pickup_date","id");--> statement-breakpoint
CREATE INDEX "shipments_account_carrier_idx" ON "shipments" USING btree ("account_id","carrier_name","id");--> statement-breakpoint
CREATE INDEX "shipments_account_bol_idx" ON "shipments" USING btree ("account_id","bol_number","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_shipment_idempotency_unique" ON "payments" USING btree ("shipment_id","idempotency_key") WHERE "payments"."status" <> 'failed';