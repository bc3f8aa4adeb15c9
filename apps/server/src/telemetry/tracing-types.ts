import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * The types tracing.ts (which the server imports) and the SDK side (sdk.ts and its spans, loaded
 * only while tracing is on) both speak, apart from either so neither imports the other's file.
 */

/** What a call's span may say about it: low-cardinality values, never a secret, a body or personal data. */
export type CallAttributes = Record<string, string | number | boolean>;

export type TracedDatabase = { driver: 'postgres'; pool: pg.Pool; url: string } | { driver: 'pglite'; client: PGlite };

/** The SDK side (sdk.ts), present only while tracing is on. */
export interface ActiveTracing {
  /** The traces endpoint spans go to; undefined when a test gave its own exporter. */
  readonly endpoint: string | undefined;
  traceRequests(app: FastifyInstance): void;
  traceDatabase(database: TracedDatabase): void;
  traceCall<T>(name: string, attributes: CallAttributes, work: () => Promise<T>): Promise<T>;
  traceWork<T>(name: string, attributes: CallAttributes, work: () => Promise<T>): Promise<T>;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}
