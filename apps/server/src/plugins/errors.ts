import type { Language } from '@freight/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { isMessageKey, languageFromHeader, plainText, translator } from '../i18n';

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
  return reply.code(422).send({ message, errors: translated });
}

/** One error shape for the whole API (design brief section 3); 5xx never show internals. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath);
        errors[field] = [...(errors[field] ?? []), issue.message ?? 'validation.invalid'];
      }
      return sendValidation(request, reply, errors);
    }
    if (error instanceof AppError) {
      if (error.status === 422 && error.errors) return sendValidation(request, reply, error.errors, error.params);
      // 'Unauthenticated.' and 'CSRF token mismatch.' are fixed strings of the Sanctum contract.
      const fixedWording = error.code === 'unauthenticated' || error.code === 'csrf_mismatch';
      const language = fixedWording ? 'en' : requestLanguage(request);
      // Most refusals take no parameters (401, 404, 419): their text is looked up once per language.
      const t = (key: string) => (Object.keys(error.params).length ? translator(language)(key, error.params) : plainText(language, key));
      const body: Record<string, unknown> = { message: t(error.message), code: error.code };
      if (error.status === 429 && typeof error.params.seconds === 'number') {
        body.retry_after = error.params.seconds;
        reply.header('retry-after', String(error.params.seconds));
      }
      if (Array.isArray(error.params.reasons)) body.reasons = (error.params.reasons as string[]).map(t);
      return reply.code(error.status).send(body);
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Framework-level refusals (bad JSON, wrong media type, body too large): safe to describe.
      return reply.code(status).send({ message: error.message, code: 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    const t = translator(requestLanguage(request));
    return reply
      .code(500)
      .send({ message: t('errors.server_error', { requestId: request.id }), code: 'server_error', request_id: request.id });
  });
}
