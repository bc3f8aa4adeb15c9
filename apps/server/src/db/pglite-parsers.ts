import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * The types drizzle asks PGlite to hand back as text: timestamp, timestamptz, interval, date,
 * numeric[], timestamp[], timestamptz[], interval[], date[] (drizzle turns them into values itself).
 */
export const KEPT_AS_TEXT = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182] as const;

const asText = (value: string) => value;
const kept = new Set<string>(KEPT_AS_TEXT.map(String));

type Query = PGlite['query'];

/**
 * Options without per-statement parsers when they only keep drizzle's types as text (the client
 * already does); else the options as given, so any other parser still applies.
 */
function withoutKeptParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const oid in parsers) if (!kept.has(oid)) return options;
  return { ...options, parsers: undefined };
}

const queryWithoutKeptParsers =
  (query: Query): Query =>
  (text, params, options) =>
    query(text, params, withoutKeptParsers(options));

/**
 * drizzle passes its text-keeping parsers with every statement, and PGlite answers each such
 * statement by copying its whole table of about 320 parsers into a new object: about 150 µs, more
 * than a simple statement itself takes. The client keeps those types as text once, here, and the
 * statements (in and out of transactions) no longer bring the parsers along.
 */
export function parsersSetOnce(client: PGlite) {
  for (const oid of KEPT_AS_TEXT) client.parsers[oid] = asText;
  client.query = queryWithoutKeptParsers(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const own = Object.create(tx) as Transaction;
      own.query = queryWithoutKeptParsers(tx.query);
      return callback(own);
    });
}
