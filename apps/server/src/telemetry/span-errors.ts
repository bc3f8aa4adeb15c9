import { type Span, SpanStatusCode } from '@opentelemetry/api';

/**
 * Marks a span failed by the error's kind only: a code (a SQLSTATE, ECONNREFUSED) or the class
 * name. Never its message, which can quote what was sent (a duplicate key's value, a URL).
 */
export function markFailed(span: Span, error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  const kind = typeof code === 'string' && code ? code : error instanceof Error ? error.name : 'error';
  span.setAttribute('error.type', kind);
  span.setStatus({ code: SpanStatusCode.ERROR });
}
