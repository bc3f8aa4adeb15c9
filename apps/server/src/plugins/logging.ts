import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Request URLs can carry secrets: password reset tokens in the path, verification signatures in
 * the query. The access log keeps the shape of the URL and drops the secret.
 */
export function redactUrl(url: string) {
  return url.replace(/(\/reset-password\/)[^/?#]+/, '$1[redacted]').replace(/([?&](?:signature|token)=)[^&#]*/g, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
