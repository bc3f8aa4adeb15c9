ALTER TABLE "claims" ADD COLUMN "credit_memo_id" uuid;
--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_credit_memo_id_invoices_id_fk" FOREIGN KEY ("credit_memo_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "claims_credit_memo_idx" ON "claims" USING btree ("credit_memo_id");
--> statement-breakpoint
-- Paid claims find their memo as the code did before the link: the newest credit memo of the
-- claim's account and shipment whose line is `claim` with the claim's number as its detail.
UPDATE "claims" SET "credit_memo_id" = (
	SELECT "invoices"."id" FROM "invoices"
	WHERE "invoices"."account_id" = "claims"."account_id"
		AND "invoices"."shipment_id" = "claims"."shipment_id"
		AND "invoices"."type" = 'credit_memo'
		AND "invoices"."charges" @> jsonb_build_array(jsonb_build_object('code', 'claim', 'detail', "claims"."number"))
	ORDER BY "invoices"."created_at" DESC
	LIMIT 1
) WHERE "paid_at" IS NOT NULL;
