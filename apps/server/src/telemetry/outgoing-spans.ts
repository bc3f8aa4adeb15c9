import dc from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { type Attributes, context, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import { markFailed } from './span-errors';
import type { CallAttributes } from './tracing-types';

/** What undici (fetch) publishes of a request (its diagnostics channels). */
interface UndiciRequest {
  origin?: string | URL;
  method?: string;
}

const DEFAULT_PORT: Record<string, number> = { http: 80, https: 443 };

/**
 * A client span per outgoing HTTP request, from the diagnostics channels fetch (undici) and
 * node:http publish on: eBay, card payments, webhook deliveries, the place lookup, single sign-on,
 * whatever module makes the call, with nothing patched. Named `POST hooks.example.com`. Recorded:
 * the method, the scheme, the host and port, and the answer's status; never the path or the query
 * (a webhook URL's token, a lookup's IP address), a header or a body. The span ends when the
 * answer's headers arrive, or on the error. The OTLP exporter's own posts are not traced (the SDK
 * suppresses tracing while it exports). No traceparent is added: the receivers are other parties.
 */
export function outgoingHttpSpans(tracer: Tracer) {
  const spans = new WeakMap<object, Span>();

  function start(request: object, method: string | undefined, url: URL | undefined) {
    if (!url) return;
    const scheme = url.protocol.replace(/:$/, '');
    const name = method ?? 'GET';
    const span = tracer.startSpan(
      `${name} ${url.hostname}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': name,
          'url.scheme': scheme,
          'server.address': url.hostname,
          'server.port': Number(url.port) || DEFAULT_PORT[scheme] || 0,
        },
      },
      context.active(),
    );
    if (span.isRecording()) spans.set(request, span);
  }
  function answered(request: object, status: number | undefined) {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    if (status !== undefined) span.setAttribute('http.response.status_code', status);
    if (status === undefined || status >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
  function failed(request: object, error: unknown) {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    markFailed(span, error);
    span.end();
  }

  const handlers: Array<[string, (message: unknown) => void]> = [
    ['undici:request:create', (m) => undiciStart(m as { request: UndiciRequest })],
    [
      'undici:request:headers',
      (m) => answered((m as { request: object }).request, (m as { response: { statusCode: number } }).response.statusCode),
    ],
    ['undici:request:error', (m) => failed((m as { request: object }).request, (m as { error: unknown }).error)],
    ['http.client.request.start', (m) => httpStart((m as { request: ClientRequest }).request)],
    [
      'http.client.response.finish',
      (m) => answered((m as { request: object }).request, (m as { response: IncomingMessage }).response.statusCode),
    ],
    ['http.client.request.error', (m) => failed((m as { request: object }).request, (m as { error: unknown }).error)],
  ];
  function undiciStart({ request }: { request: UndiciRequest }) {
    start(request, request.method, request.origin ? safeUrl(String(request.origin)) : undefined);
  }
  function httpStart(request: ClientRequest) {
    const host = request.getHeader('host');
    start(request, request.method, safeUrl(`${request.protocol}//${typeof host === 'string' ? host : request.host}`));
  }
  for (const [name, handler] of handlers) dc.subscribe(name, handler);
  return {
    unsubscribe() {
      for (const [name, handler] of handlers) dc.unsubscribe(name, handler);
    },
  };
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Spans around work that is not HTTP: a call out (SMTP, a carrier adapter) and a background job. */
export function callSpans(tracer: Tracer) {
  const around =
    (kind: SpanKind) =>
    <T>(name: string, attributes: CallAttributes, work: () => Promise<T>): Promise<T> => {
      // Inside a trace the sampler left out, a span of its own would be left out too: skip its cost.
      if (trace.getActiveSpan()?.isRecording() === false) return work();
      return tracer.startActiveSpan(name, { kind, attributes: attributes as Attributes }, async (span) => {
        try {
          return await work();
        } catch (error) {
          markFailed(span, error);
          throw error;
        } finally {
          span.end();
        }
      });
    };
  return { call: around(SpanKind.CLIENT), work: around(SpanKind.INTERNAL) };
}
