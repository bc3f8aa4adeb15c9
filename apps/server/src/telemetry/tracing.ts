/**
 * OpenTelemetry traces, off unless an OTLP endpoint is configured (docs/tracing.md).
 *
 * This module is the only one the rest of the server imports, and it imports nothing of
 * OpenTelemetry: with tracing off the SDK is never loaded, and each hook below is a check of one
 * variable. `startTracing` loads the SDK (./sdk.ts) before the database is opened and the app
 * built, so the database client and the app can ask for their spans as they are made.
 *
 * Nothing is patched in a module's code (no loader hook, which ESM would need): requests get their
 * spans from Fastify hooks, statements from a wrapper on the database client's `query`, outgoing
 * HTTP from Node's diagnostics channels (fetch and node:http publish there), and the calls that are
 * not HTTP (SMTP, a carrier's rating) from `traceCall` around them.
 */
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { ActiveTracing, CallAttributes, TracedDatabase } from './tracing-types';

export type { ActiveTracing, CallAttributes, TracedDatabase } from './tracing-types';

let active: ActiveTracing | undefined;

/**
 * Where spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else OTEL_EXPORTER_OTLP_ENDPOINT
 * with the traces path the OTLP/HTTP specification appends; undefined (off) without either, or
 * with OTEL_SDK_DISABLED.
 */
export function tracesEndpoint(
  config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' | 'OTEL_SDK_DISABLED'>,
): string | undefined {
  if (config.OTEL_SDK_DISABLED) return undefined;
  if (config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = config.OTEL_EXPORTER_OTLP_ENDPOINT;
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/**
 * Turns tracing on when an endpoint is configured (or a test gives an `exporter`); answers whether
 * it is on. Call it before opening the database and building the app.
 */
export async function startTracing(
  config: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' | 'OTEL_SDK_DISABLED' | 'OTEL_SERVICE_NAME'>,
  opts: { exporter?: SpanExporter } = {},
): Promise<boolean> {
  const endpoint = tracesEndpoint(config);
  if (active || (!endpoint && !opts.exporter)) return Boolean(active);
  const { startSdk } = await import('./sdk');
  active = startSdk({ endpoint, serviceName: config.OTEL_SERVICE_NAME, exporter: opts.exporter });
  return true;
}

/** Sends the spans still waiting and turns tracing off (tests; a process's stop flushes through the app's onClose). */
export async function stopTracing() {
  const stopping = active;
  active = undefined;
  await stopping?.shutdown();
}

/** Sends the spans waiting in the batch now (tests; the app's onClose does it when a process stops). */
export async function flushTracing() {
  await active?.flush();
}

/** Where spans are sent, for the start-up line (host only: the URL could carry credentials). */
export function tracingTarget(): string | undefined {
  if (!active) return undefined;
  return active.endpoint ? new URL(active.endpoint).host : 'a test exporter';
}

/** A span per request, named by its route pattern (app.ts, before any other hook). */
export function traceRequests(app: FastifyInstance) {
  active?.traceRequests(app);
}

/** A span per statement of this database client, within a request's or a job's trace (db/client.ts). */
export function traceDatabase(database: TracedDatabase) {
  active?.traceDatabase(database);
}

/** An outgoing call that is not HTTP (SMTP, a carrier adapter): a client span around `work`. */
export function traceCall<T>(name: string, attributes: CallAttributes, work: () => Promise<T>): Promise<T> {
  return active ? active.traceCall(name, attributes, work) : work();
}

/** Work that starts a trace of its own (a background job): the statements and calls it makes are its children. */
export function traceWork<T>(name: string, attributes: CallAttributes, work: () => Promise<T>): Promise<T> {
  return active ? active.traceWork(name, attributes, work) : work();
}
