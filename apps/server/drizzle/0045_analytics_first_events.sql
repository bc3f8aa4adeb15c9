CREATE INDEX "shipment_events_first_pickup_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at") WHERE "shipment_events"."status_code" = 'AF';
--> statement-breakpoint
CREATE INDEX "shipment_events_first_delivery_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at") WHERE "shipment_events"."status" = 'delivered';
