-- Hand-written (drizzle cannot declare INCLUDE columns): a shipment's events in time order,
-- carrying every field the public tracking page shows, so its lookup reads them from the index
-- alone (an index-only scan once the table's pages are all-visible) instead of a table page each.
CREATE INDEX "shipment_events_timeline_idx" ON "shipment_events" USING btree ("shipment_id","occurred_at") INCLUDE ("received_at","status","status_code","description","city","state","utc_offset_minutes");--> statement-breakpoint
DROP INDEX "shipment_events_shipment_occurred_idx";
