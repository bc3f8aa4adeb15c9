/**
 * The OpenTelemetry SDK, loaded by tracing.ts only when tracing is on. The packages, each for a reason:
 * - @opentelemetry/api: spans, the active context and the propagation of an incoming traceparent;
 * - @opentelemetry/sdk-trace-node: the tracer provider, the batching processor and the
 *   AsyncLocalStorage context manager (async work keeps its request's span); the smaller choice
 *   than sdk-node, which brings metrics, logs and the auto-instrumentation loader we do not use;
 * - @opentelemetry/exporter-trace-otlp-http: OTLP over HTTP (JSON), which every collector takes;
 * - @opentelemetry/resources: the service name on every span.
 * The 2.x SDK and 0.2xx exporter lines: the next ones ask for Node 22.
 */
import { context, DiagConsoleLogger, DiagLogLevel, diag, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { databaseSpans } from './db-spans';
import { callSpans, outgoingHttpSpans } from './outgoing-spans';
import { requestSpans } from './request-spans';
import type { ActiveTracing } from './tracing-types';

export function startSdk(opts: { endpoint: string | undefined; serviceName: string; exporter?: SpanExporter }): ActiveTracing {
  // An export that fails (the collector down) says so on stderr; the spans are dropped, the server goes on.
  diag.setLogger(new DiagConsoleLogger(), DiagLogLevel.ERROR);
  // A test's exporter gets each span as it ends; the collector gets batches (every 5 s or 512 spans).
  const processor = opts.exporter
    ? new SimpleSpanProcessor(opts.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter({ url: opts.endpoint }));
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': opts.serviceName }),
    spanProcessors: [processor],
  });
  // The global context manager (AsyncLocalStorage) and W3C trace-context propagation.
  provider.register();
  const tracer = provider.getTracer('freight-portal');
  const outgoing = outgoingHttpSpans(tracer);
  const calls = callSpans(tracer);
  const requests = requestSpans(tracer);
  return {
    endpoint: opts.endpoint,
    traceRequests(app) {
      requests(app);
      // A stopping process (drain.ts closes the app) sends the spans still waiting.
      app.addHook('onClose', () => provider.forceFlush());
    },
    traceDatabase: databaseSpans(tracer),
    traceCall: calls.call,
    traceWork: calls.work,
    flush: () => provider.forceFlush(),
    async shutdown() {
      outgoing.unsubscribe();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      diag.disable();
    },
  };
}
