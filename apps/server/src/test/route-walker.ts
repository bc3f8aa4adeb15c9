import http from 'node:http';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { routeTable } from './routes';

/**
 * What the fuzz walk (fuzz-walk.ts) needs to call every route of the app and judge its answers:
 * the routes with the keys of their querystring and body schemas, and the rule every answer must
 * keep.
 */
export interface WalkedRoute {
  method: string;
  path: string;
  /** Filled in once the route has been called (see `learnSchemas`). */
  queryKeys?: string[];
  bodyKeys?: string[];
}

export function walkedRoutes(app: FastifyInstance): WalkedRoute[] {
  return routeTable(app).map((r) => ({ ...r }));
}

/** Keys of a zod object schema, through the wrappers the contracts use (pipe, optional, union, intersection). */
export function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 8) return [];
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } };
  if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  const def = s._zod?.def;
  if (!def) return [];
  for (const inner of ['in', 'innerType', 'schema']) if (def[inner]) return keysOf(def[inner], depth + 1);
  if (Array.isArray(def.options)) return [...new Set(def.options.flatMap((o) => keysOf(o, depth + 1)))];
  if (def.left) return [...new Set([...keysOf(def.left, depth + 1), ...keysOf(def.right, depth + 1)])];
  return [];
}

/**
 * Records each route's querystring and body keys from the route's own zod schemas the first time
 * it is called. A root hook, added before the app is ready, reaches every route registered on the
 * root instance; routes in an encapsulated scope (the CSV imports, support attachments) are not
 * seen and fall back to the common query keys.
 */
export function learnSchemas(app: FastifyInstance, routes: WalkedRoute[]) {
  const byKey = new Map(routes.map((r) => [`${r.method} ${r.path}`, r]));
  app.addHook('onRequest', async (request) => {
    const route = byKey.get(`${request.method} ${request.routeOptions.url}`);
    if (!route || route.queryKeys) return;
    const schema = request.routeOptions.schema as { querystring?: unknown; body?: unknown } | undefined;
    route.queryKeys = keysOf(schema?.querystring);
    route.bodyKeys = keysOf(schema?.body);
  });
}

/** The route's URL with `value` (sent as is) for each parameter, or for `only` that one and a harmless id for the others. */
export function urlOf(path: string, value: string, only?: string) {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) =>
    only === undefined || only === name ? value : '00000000-0000-4000-8000-000000000000',
  );
}

export const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);

/** Anything that can send an injected request: a browser-like TestClient or an API client. */
export interface Sender {
  request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse>;
}

const TIMEOUT_MS = 10_000;

/**
 * One request, with a time limit: a route that never answers is a failure, not a stuck test run.
 * A response broken off after it started (a stream that failed half-way) is reported as status 0.
 */
export async function send(sender: Sender, opts: InjectOptions): Promise<Answer | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), TIMEOUT_MS);
  });
  try {
    return await Promise.race([sender.request(opts), timeout]);
  } catch (error) {
    return { statusCode: 0, headers: {}, body: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * What is wrong with an answer, if anything: a 5xx; a 4xx that is not `{message, code, errors?}`
 * JSON (unless `anyShape`: the routes that stand for someone else's server); a signed-in caller's
 * /api/ answer without Cache-Control (no-store, or the route's own rule on a success).
 */
export function problemOf(res: Answer | 'timeout', opts: { anyShape?: boolean; signedIn?: boolean; url: string }) {
  if (res === 'timeout') return `no answer in ${TIMEOUT_MS / 1000} s`;
  const status = res.statusCode;
  if (status === 0) return `no HTTP answer: ${res.body}`;
  if (status >= 500) return `${status} ${res.body.slice(0, 200)}`;
  if (status >= 400 && !opts.anyShape) {
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return `${status} not JSON: ${res.body.slice(0, 100)}`;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `${status} unparsable JSON: ${res.body.slice(0, 100)}`;
    }
    const b = body as { message?: unknown; code?: unknown; errors?: unknown };
    if (typeof b.message !== 'string' || !b.message) return `${status} without a message: ${res.body.slice(0, 100)}`;
    if (typeof b.code !== 'string') return `${status} without a code: ${res.body.slice(0, 100)}`;
    // The error handler's net under the routes' checks (plugins/errors.ts): the database refused
    // a value the route should have refused itself.
    if (b.code === 'invalid_input') return `${status} invalid_input: a value reached the database unchecked`;
    if (b.errors !== undefined && (typeof b.errors !== 'object' || b.errors === null || Array.isArray(b.errors)))
      return `${status} errors is not an object`;
  }
  if (opts.signedIn && opts.url.startsWith('/api/')) {
    const cache = String(res.headers['cache-control'] ?? '');
    if (status >= 400 ? !cache.includes('no-store') : !cache) return `${status} without Cache-Control (${cache || 'none'})`;
  }
  return undefined;
}

/**
 * A GET on a listening app, for routes that answer an endless stream (server-sent events) when
 * they accept the request: the status and headers are judged, the stream is then closed.
 */
export function rawGet(app: FastifyInstance, path: string, headers: Record<string, string>): Promise<Answer | 'timeout'> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      request.destroy();
      resolve('timeout');
    }, TIMEOUT_MS);
    const request = http.get({ host: '127.0.0.1', port: address.port, path, headers }, (res) => {
      const answer = { statusCode: res.statusCode ?? 0, headers: res.headers, body: '' };
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        clearTimeout(timer);
        request.destroy();
        return resolve(answer);
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        answer.body += chunk;
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
    request.on('error', () => {
      clearTimeout(timer);
      resolve({ statusCode: 0, headers: {}, body: 'connection error' });
    });
  });
}
