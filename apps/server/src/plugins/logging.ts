import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config';

/**
 * Query parameters whose value is a secret, whatever the route (a client may put one where it does
 * not belong): OAuth's authorization `code` (eBay's consent callback) is one, and so are a second
 * factor's one-time and recovery codes and its shared secret.
 */
const SECRET_PARAMS = new Set([
  'signature',
  'token',
  'client_secret',
  'access_token',
  'refresh_token',
  'password',
  'code',
  'recovery_code',
  'secret',
  'secret_key',
]);

/** A parameter's name as the query parser reads it (`client%5Fsecret` is `client_secret`). */
function paramName(raw: string) {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * Request URLs can carry secrets: password reset and team invitation tokens in the path,
 * verification signatures in the query, an OAuth client secret a partner wrongly sent in the query
 * string (refused, but the request is still logged). The access log keeps the shape of the URL and drops the secret.
 */
export function redactUrl(url: string) {
  const path = url.replace(/(\/(?:reset-password|invitation)\/)[^/?#]+/, '$1[redacted]');
  const q = path.indexOf('?');
  if (q < 0) return path;
  const params = path
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq >= 0 && SECRET_PARAMS.has(paramName(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${path.slice(0, q)}?${params.join('&')}`;
}

/**
 * How the server writes its log: for a person in development (`npm start`, `npm run dev`), lines
 * of text, one a request; JSON elsewhere, for production's log collector (and `NODE_ENV=test`,
 * whose tests pass a logger of their own).
 */
export function logFormat(nodeEnv: Config['NODE_ENV']): 'pretty' | 'json' {
  return nodeEnv === 'development' ? 'pretty' : 'json';
}

export function loggerOptions(level: string, format: 'pretty' | 'json' = 'json'): FastifyServerOptions['logger'] {
  const json = {
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
  if (format === 'json') return json;
  return {
    ...json,
    // pino-pretty in pino's transport thread: the server's thread only writes JSON to it.
    transport: {
      target: 'pino-pretty',
      options: {
        // The worker's stdout is not the terminal: it cannot tell on its own.
        colorize: Boolean(process.stdout.isTTY),
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,reqId',
        // An entry's other fields (an error's are printed whole) stay on its line.
        singleLine: true,
      },
    },
  };
}

/**
 * The pretty log's request entries (Fastify's own are two a request, incoming and completed): one
 * line when the answer is sent, "GET /api/user 200 3.1 ms", the URL redacted; an error the answer
 * failed on (a broken connection) below it.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
