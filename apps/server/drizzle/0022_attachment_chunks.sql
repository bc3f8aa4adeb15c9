-- Attachments' bytes move from one row per file to chunks of 256 KB (support_attachment_chunks,
-- migration 0020), which uploads now write as they stream in and downloads read in order.
INSERT INTO "support_attachment_chunks" ("attachment_id", "seq", "content")
SELECT f."attachment_id", g.seq, substring(f."content" FROM g.seq * 262144 + 1 FOR 262144)
FROM "support_attachment_files" f
CROSS JOIN LATERAL generate_series(0, greatest(length(f."content") - 1, 0) / 262144) AS g(seq)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "support_attachment_files";
