-- The 'invoice.adjustment' job (a carrier's reclass re-billed by a simulation a day after the
-- freight invoice) is gone: the shipper is re-billed only when accounting approves the carrier's
-- invoice (docs/brokerage.md, "Re-bill"). A database may still hold such jobs waiting; with no
-- handler they failed ten times and were given up with an error each. They are done: marked so,
-- as the job runner marks a job whose work is done.
UPDATE "jobs" SET "done_at" = now(), "last_error" = NULL
WHERE "kind" = 'invoice.adjustment' AND "done_at" IS NULL;
