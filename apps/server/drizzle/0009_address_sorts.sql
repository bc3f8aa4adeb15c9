CREATE INDEX "address_book_account_contact_idx" ON "address_book" USING btree ("account_id",lower("first_name" || ' ' || "last_name") collate "C","id");--> statement-breakpoint
CREATE INDEX "address_book_account_city_idx" ON "address_book" USING btree ("account_id",lower("city") collate "C","id");--> statement-breakpoint
CREATE INDEX "address_book_account_state_idx" ON "address_book" USING btree ("account_id","state" collate "C","id");--> statement-breakpoint
CREATE INDEX "address_book_account_postal_idx" ON "address_book" USING btree ("account_id","postal_code" collate "C","id");--> statement-breakpoint
CREATE INDEX "address_book_account_dedupe_idx" ON "address_book" USING btree ("account_id","dedupe_key");