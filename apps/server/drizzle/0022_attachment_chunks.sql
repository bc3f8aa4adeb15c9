-- Filled in by its feature; a no-op until then.
SELECT 1;
