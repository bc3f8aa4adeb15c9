import { type Duplex, Stream } from 'node:stream';
import type { ErrorCode } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';
import { isMessageKey, languageFromHeader, plainText, translator } from '../i18n';
import { hasUnstorable } from '../unstorable';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The i18n key of the top-level `message` of this route's 422 answers (body, query or a
     * service's AppError.validation), for screens whose spec gives one wording for a failed save
     * (e.g. 'Error saving product. Check all inputs and try again.'); the field errors are unchanged.
     * Without it the message is the first field error (and how many more there are).
     */
    validationMessage?: string;
  }
}

/** The caller's language: their settings when signed in, else Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language {
  return (request.auth?.settings.language as Language | undefined) ?? languageFromHeader(request.headers['accept-language']);
}

function fieldName(instancePath: string) {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name || 'body';
}

/** `params` fill the messages' placeholders (e.g. a CSV file's row limit). */
function sendValidation(
  request: FastifyRequest,
  reply: FastifyReply,
  errors: Record<string, string[]>,
  params: Record<string, unknown> = {},
  fields: Record<string, unknown> = {},
) {
  const t = translator(requestLanguage(request));
  const translated = Object.fromEntries(
    Object.entries(errors).map(([field, keys]) => [
      field,
      [...new Set(keys.map((k) => t(isMessageKey(k) ? k : 'validation.invalid', params)))],
    ]),
  );
  const all = Object.values(translated).flat();
  const first = all[0] ?? t('validation.invalid');
  const routeMessage = request.routeOptions.config?.validationMessage;
  const message = routeMessage
    ? t(routeMessage)
    : all.length > 1
      ? t('validation.more_errors', { message: first, count: all.length - 1 })
      : first;
  return reply.code(422).send({ ...fields, message, code: 'validation', errors: translated });
}

/**
 * Refusals of the framework itself, before a route's own checks: each its status, code and
 * message (in the caller's language), never Fastify's English text.
 */
const FRAMEWORK_REFUSALS: Record<string, { status: number; code: ErrorCode; key: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', key: 'errors.invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'empty_body', key: 'errors.empty_body' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', key: 'errors.unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', key: 'errors.payload_too_large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_content_length', key: 'errors.invalid_content_length' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', key: 'errors.bad_url' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', key: 'errors.uri_too_long' },
};

/**
 * The SQLSTATE of a database error (drizzle wraps the driver's error in `cause`), when it is a
 * data exception (class 22: a value the column cannot hold, e.g. out of range, NUL in text, a
 * date that does not exist) or 54000 (a value too long for an index). Such a value came from the
 * request: the answer is a 400, not a 500. Routes validate their input so this does not happen;
 * this is the net under that, and it is logged so the missing check can be added.
 */
function dataException(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22[0-9A-Z]{3}|54000)$/.test(code)) return code;
  }
  return undefined;
}

/** An error answer: never cached, whatever the route meant to allow for its success. */
function sendError(request: FastifyRequest, reply: FastifyReply, status: number, code: ErrorCode, key: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ message: plainText(requestLanguage(request), key), code });
}

/**
 * Fastify's `frameworkErrors` option: a URL that does not decode (invalid percent-encoding) or a
 * path parameter over the router's limit. No hook has run (no session, no route): the language
 * is Accept-Language's.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  const refusal = FRAMEWORK_REFUSALS[error.code];
  if (refusal) return sendError(request, reply, refusal.status, refusal.code, refusal.key);
  // FST_ERR_ASYNC_CONSTRAINT (the app has no async constraints): a fault of ours.
  request.log.error({ err: error }, 'framework error');
  const t = translator(requestLanguage(request));
  return reply
    .code(500)
    .header('cache-control', 'no-store')
    .send({ message: t('errors.server_error', { requestId: request.id }), code: 'server_error', request_id: request.id });
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'headers_too_large',
    message: 'The request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'request_timeout',
    message: 'The request took too long to arrive.',
  },
};

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused the request (headers too
 * large, a malformed request line) before Fastify saw it. There is no request, so no
 * Accept-Language or session to choose a language by: the message is English (the fallback
 * language). The answer is written on the socket, in the documented shape, and the connection closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    code: 'bad_request',
    message: 'The request could not be understood.',
  };
  const body = JSON.stringify({ message: known.message, code: known.code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The dotted paths (as in 422 answers) of the strings and keys in `value` that hold an unstorable character. */
function unstorablePaths(value: unknown, path: string, found: string[], depth = 0) {
  if (typeof value === 'string') {
    if (hasUnstorable(value)) found.push(path || 'body');
    return;
  }
  // A streamed body (an upload read by its route) is bytes, not text, and walking it would walk the socket.
  if (!value || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value) || value instanceof Stream) return;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasUnstorable(key)) found.push(at);
    else unstorablePaths(item, at, found, depth + 1);
  }
}

/**
 * No text with a NUL or a lone surrogate gets past the routes' checks, whatever the field: the
 * database would refuse it with an error. One rule for every route (new ones included), after
 * the route's guards and schema (so a visitor still gets 401 and a malformed body its field
 * errors): such fields are a 422 'The given data was invalid.'; a path parameter with one names
 * no record (404).
 */
function refuseUnstorableText(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request (quotes under load included).
  app.addHook('preHandler', (request, _reply, done) => {
    const inParams: string[] = [];
    unstorablePaths(request.params, '', inParams);
    if (inParams.length) return done(AppError.notFound());
    const fields: string[] = [];
    unstorablePaths(request.query, '', fields);
    unstorablePaths(request.body, '', fields);
    if (fields.length) return done(AppError.validation(Object.fromEntries(fields.map((f) => [f, ['validation.invalid']]))));
    done();
  });
}

/**
 * A database that cannot be reached (restarting, a lost connection), wherever the failure surfaced
 * (a service may have wrapped it, as a booking does): 503 `database_unavailable` with Retry-After,
 * which a client may retry with the same Idempotency-Key. One line in the log, not a stack per request.
 */
function unavailableDatabase(error: unknown, request: FastifyRequest): AppError | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'database unavailable: answered 503');
  return AppError.databaseUnavailable();
}

/** One error shape for the whole API; 5xx never show internals. */
export function installErrorHandling(app: FastifyInstance) {
  refuseUnstorableText(app);
  app.setErrorHandler((raised: FastifyError | AppError, request, reply) => {
    const error = unavailableDatabase(raised, request) ?? raised;
    // An error answer is JSON and never cached, whatever headers the route had set for its
    // success (a download's type, file name and caching) before it failed.
    reply.removeHeader('content-disposition');
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-store');
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath);
        errors[field] = [...(errors[field] ?? []), issue.message ?? 'validation.invalid'];
      }
      return sendValidation(request, reply, errors);
    }
    if (error instanceof AppError) {
      if (error.status === 422 && error.errors) return sendValidation(request, reply, error.errors, error.params, error.fields);
      // 'Unauthenticated.' and 'CSRF token mismatch.' are fixed strings of the Sanctum contract.
      const fixedWording = error.code === 'unauthenticated' || error.code === 'csrf_mismatch';
      const language = fixedWording ? 'en' : requestLanguage(request);
      // Most refusals take no parameters (401, 404, 419): their text is looked up once per language.
      const t = (key: string) => (Object.keys(error.params).length ? translator(language)(key, error.params) : plainText(language, key));
      const body: Record<string, unknown> = { ...error.fields, message: t(error.message), code: error.code };
      if ((error.status === 429 || error.status === 503) && typeof error.params.seconds === 'number') {
        body.retry_after = error.params.seconds;
        reply.header('retry-after', String(error.params.seconds));
      }
      if (Array.isArray(error.params.reasons)) body.reasons = (error.params.reasons as string[]).map(t);
      return reply.code(error.status).send(body);
    }
    const refusal = FRAMEWORK_REFUSALS[(error as FastifyError).code];
    if (refusal) return sendError(request, reply, refusal.status, refusal.code, refusal.key);
    const sqlState = dataException(error);
    if (sqlState) {
      request.log.warn({ err: error, sqlState }, 'a request value the database refused');
      return sendError(request, reply, 400, 'invalid_input', 'errors.invalid_input');
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Another refusal of the framework or of a plugin (e.g. a stream the client aborted):
      // its status, with a generic message in the caller's language, never the framework's text.
      if (status === 404) return sendError(request, reply, 404, 'not_found', 'errors.not_found');
      return sendError(request, reply, status, 'bad_request', 'errors.bad_request');
    }
    request.log.error({ err: error }, 'unhandled error');
    const t = translator(requestLanguage(request));
    return reply
      .code(500)
      .send({ message: t('errors.server_error', { requestId: request.id }), code: 'server_error', request_id: request.id });
  });
}
