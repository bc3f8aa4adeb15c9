import pg from 'pg';

/** How long the question below may take: a database that does not answer is asked again by no one. */
const ASK_TIMEOUT_MS = 2000;

/**
 * The connection option that makes PostgreSQL compress the large values it stores apart (TOAST)
 * with lz4 instead of its own pglz: a quote's rates, a shipment's items and charges, a batch row's
 * cells are jsonb of several KB, compressed on every insert. With lz4 the database spent 0.34-0.41 ms
 * of CPU per quote against 0.48-0.51 with pglz (bench/quotes-load.ts, bench/README.md). A server
 * built without lz4 refuses the option, and with it every connection, so one connection asks first;
 * when the database cannot be asked (down at start), values are compressed as before. An
 * operator's own PGOPTIONS are kept.
 */
export async function toastCompressionOption(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: ASK_TIMEOUT_MS });
  // A connection lost while asking fails the query below; without a listener it would crash the process.
  client.on('error', () => {});
  let lz4 = false;
  try {
    await client.connect();
    const { rows } = await client.query<{ lz4: boolean }>(
      "select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'",
    );
    lz4 = rows[0]?.lz4 === true;
  } catch {
    // Not reached, or too old to have the setting: pglz, as PostgreSQL chooses by itself.
  } finally {
    await client.end().catch(() => {});
  }
  return [process.env.PGOPTIONS, lz4 ? '-c default_toast_compression=lz4' : undefined].filter(Boolean).join(' ') || undefined;
}
