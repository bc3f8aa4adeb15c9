import { type Attributes, context, type Span, SpanKind, type Tracer, trace } from '@opentelemetry/api';
import { markFailed } from './span-errors';
import type { TracedDatabase } from './tracing-types';

/** A statement's text past this is cut (a batch insert's placeholders run long). */
const MAX_TEXT = 2000;
const OPERATION = /^\s*\(?\s*([a-z]+)/i;
const TABLE = /\b(?:from|into|update|join)\s+"?([a-z_][\w]*)"?/i;

type Query = (...args: unknown[]) => unknown;

/**
 * A client span per statement, on node-postgres (every pooled connection's `query`, which both
 * the pool's queries and transactions use) and on PGlite (its `query` and a transaction's).
 * Recorded: the statement's text as drizzle sends it, with $1, $2... for the values, which are
 * never recorded; the operation and table in the name; the database's host, port and name, never
 * its user or password. A statement outside any request or job (the jobs loop's poll, every second)
 * starts no trace of its own.
 */
export function databaseSpans(tracer: Tracer) {
  return (database: TracedDatabase) => {
    if (database.driver === 'postgres') {
      const url = new URL(database.url);
      const attributes = {
        'db.system.name': 'postgresql',
        'db.namespace': decodeURIComponent(url.pathname.slice(1)),
        'server.address': url.hostname,
        'server.port': Number(url.port || 5432),
      };
      // Each new connection, once: the pool's own `query` goes through its connection's.
      database.pool.on('connect', (client) => wrapQuery(tracer, client as unknown as { query: Query }, attributes));
      return;
    }
    const attributes = { 'db.system.name': 'postgresql', 'freight.db.driver': 'pglite' };
    const client = database.client as unknown as {
      query: Query;
      transaction: (work: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
    };
    wrapQuery(tracer, client, attributes);
    // A transaction's statements go through its own object, not the client's `query`.
    const transaction = client.transaction.bind(client);
    client.transaction = (work) => transaction((tx) => work(wrapQuery(tracer, tx as { query: Query }, attributes)));
  };
}

function statementOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  const text = (arg as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/** `SELECT shipments`, `INSERT quotes`, `BEGIN`: the operation and the first table named. */
export function statementName(text: string): string {
  const operation = OPERATION.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  const table =
    operation === 'SELECT' || operation === 'INSERT' || operation === 'UPDATE' || operation === 'DELETE' || operation === 'WITH';
  const name = table ? TABLE.exec(text)?.[1] : undefined;
  return name ? `${operation} ${name}` : operation;
}

function wrapQuery<T extends { query: Query }>(tracer: Tracer, target: T, base: Attributes): T {
  const original = target.query;
  target.query = function tracedQuery(this: unknown, ...args: unknown[]) {
    const parent = context.active();
    if (!trace.getSpan(parent)?.isRecording()) return original.apply(this, args);
    const text = statementOf(args[0]);
    const span = tracer.startSpan(
      statementName(text),
      { kind: SpanKind.CLIENT, attributes: { ...base, 'db.query.text': text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text } },
      parent,
    );
    // node-postgres' pool calls with a callback; drizzle and PGlite use the promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        finish(span, error);
        return callback(error, result);
      };
      return original.apply(this, args);
    }
    let result: unknown;
    try {
      result = original.apply(this, args);
    } catch (error) {
      finish(span, error);
      throw error;
    }
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      return (result as Promise<unknown>).then(
        (value) => {
          finish(span);
          return value;
        },
        (error: unknown) => {
          finish(span, error);
          throw error;
        },
      );
    }
    finish(span);
    return result;
  };
  return target;
}

function finish(span: Span, error?: unknown) {
  if (error) {
    markFailed(span, error);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') span.setAttribute('db.response.status_code', code);
  }
  span.end();
}
