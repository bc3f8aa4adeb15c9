-- Open disputes within their bounds (the rule of `disputeMaximum` in packages/domain): a disputed
-- amount leaves the credit-hold figures, so one over its bound hid debt nobody questioned.
-- 1. A line's open dispute: at most what the line invoiced, less what accepted disputes of the line
--    already credited. A line's key is its code, and ':' and its detail when it has one.
UPDATE "invoice_disputes" AS d
SET "amount_cents" = GREATEST(0, LEAST(d."amount_cents", bound."room"))
FROM (
	SELECT o."id", COALESCE(line."cents", 0) - COALESCE((
		SELECT SUM(a."accepted_cents") FROM "invoice_disputes" AS a
		WHERE a."invoice_id" = o."invoice_id" AND a."charge_code" = o."charge_code" AND a."status" = 'accepted'
	), 0) AS "room"
	FROM "invoice_disputes" AS o
	JOIN "invoices" AS i ON i."id" = o."invoice_id"
	LEFT JOIN LATERAL (
		SELECT SUM((l->>'invoiced_cents')::int) AS "cents"
		FROM jsonb_array_elements(i."charges") AS l
		WHERE CASE WHEN COALESCE(l->>'detail', '') = '' THEN l->>'code' ELSE (l->>'code') || ':' || (l->>'detail') END = o."charge_code"
	) AS line ON true
	WHERE o."status" = 'open' AND o."charge_code" IS NOT NULL
) AS bound
WHERE d."id" = bound."id" AND d."amount_cents" > GREATEST(0, bound."room");
--> statement-breakpoint
-- 2. An invoice's open disputes together: at most its balance; the oldest keep their amount first.
UPDATE "invoice_disputes" AS d
SET "amount_cents" = GREATEST(0, LEAST(d."amount_cents", ranked."balance" - ranked."before"))
FROM (
	SELECT o."id", i."balance_cents" AS "balance",
		COALESCE(SUM(o."amount_cents") OVER (
			PARTITION BY o."invoice_id" ORDER BY o."created_at", o."id" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
		), 0) AS "before"
	FROM "invoice_disputes" AS o
	JOIN "invoices" AS i ON i."id" = o."invoice_id"
	WHERE o."status" = 'open'
) AS ranked
WHERE d."id" = ranked."id" AND d."amount_cents" > GREATEST(0, ranked."balance" - ranked."before");
--> statement-breakpoint
-- 3. Each invoice's disputed amount is again the sum of its open disputes.
UPDATE "invoices" AS i
SET "disputed_cents" = COALESCE(open."cents", 0)
FROM (
	SELECT v."id", (SELECT SUM(d."amount_cents") FROM "invoice_disputes" AS d WHERE d."invoice_id" = v."id" AND d."status" = 'open') AS "cents"
	FROM "invoices" AS v
	WHERE v."disputed_cents" <> 0 OR EXISTS (SELECT 1 FROM "invoice_disputes" AS e WHERE e."invoice_id" = v."id" AND e."status" = 'open')
) AS open
WHERE i."id" = open."id" AND i."disputed_cents" IS DISTINCT FROM COALESCE(open."cents", 0);
