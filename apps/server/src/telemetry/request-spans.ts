import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The probes and the scrape: several a second from the load balancer and Prometheus, they would bury the users' traces. */
const UNTRACED_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);
/** A method outside these is named `_OTHER` (the semantic conventions' word): a caller could otherwise make up span names. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const traces = new WeakMap<FastifyRequest, { span: Span; context: Context }>();

/**
 * A server span per request, named by the route's pattern (`GET /api/shipments/:id`), with the
 * status code. Recorded: the method, the pattern, the scheme and the request id (the one in the
 * log). Never the URL itself (paths and query strings carry tokens and signatures), a header, a
 * body or the caller's address.
 */
export function requestSpans(tracer: Tracer) {
  return (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const route = request.routeOptions.url;
      if (route && UNTRACED_ROUTES.has(route)) return done();
      const method = KNOWN_METHODS.has(request.method) ? request.method : '_OTHER';
      // A traceparent from a gateway in front makes this request a part of its trace.
      const parent = propagation.extract(ROOT_CONTEXT, request.headers);
      const span = tracer.startSpan(
        route ? `${method} ${route}` : method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': method,
            ...(route ? { 'http.route': route } : {}),
            'url.scheme': request.protocol,
            'freight.request_id': request.id,
          },
        },
        parent,
      );
      const active = trace.setSpan(parent, span);
      traces.set(request, { span, context: active });
      context.with(active, done);
    });
    // The body is read on the socket's events, outside the context entered above: the guards and
    // the handler (which run after this, in its context) get the request's span again.
    app.addHook('preValidation', (request, _reply, done) => {
      const traced = traces.get(request);
      if (traced) context.with(traced.context, done);
      else done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      end(request, reply.statusCode);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      end(request, undefined);
      done();
    });
  };
}

function end(request: FastifyRequest, status: number | undefined) {
  const traced = traces.get(request);
  if (!traced) return;
  traces.delete(request);
  if (status === undefined) {
    traced.span.setAttribute('error.type', 'aborted');
  } else {
    traced.span.setAttribute('http.response.status_code', status);
    // A 4xx is the caller's mistake, answered as designed; only a 5xx is the server's failure.
    if (status >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
  }
  traced.span.end();
}
