/**
 * Whether an error says the database cannot be reached now (it is stopped or restarting, or the
 * connection to it broke), as opposed to a fault of the query or of the data. Such a failure
 * passes once the database is back: a request is answered 503 `database_unavailable` with
 * Retry-After, and the pool opens new connections by itself.
 */

/** Set on every error of opening a pooled connection (client.ts): whatever its cause, the database was not reached. */
const CONNECT_FAILED = Symbol('database connect failed');

export function markConnectFailure<E>(error: E): E {
  if (error && typeof error === 'object') Object.defineProperty(error, CONNECT_FAILED, { value: true });
  return error;
}

/**
 * SQLSTATEs of a server going away or not taking connections: class 08 (connection exception),
 * 57P01 admin shutdown (a fast stop or restart), 57P02 crash shutdown (another backend crashed),
 * 57P03 cannot connect now (starting up, shutting down), 53300 too many connections.
 */
const UNAVAILABLE_STATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/**
 * node-postgres says these in words only: a connection lost under a query, a query on a
 * connection that broke before, the pool's wait for a connection timed out.
 */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/** Socket errors of a connection that broke under a query (only under a query: a carrier's fetch fails with the same codes). */
const SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED']);

/** Looks through the causes too: drizzle wraps the driver's error, and a service may wrap drizzle's (a booking's 503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let underQuery = false;
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { [CONNECT_FAILED]?: boolean })[CONNECT_FAILED]) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || (underQuery && SOCKET_CODES.has(code)))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    // drizzle's DrizzleQueryError: the statement that failed, its driver's error as the cause.
    underQuery = typeof (e as { query?: unknown }).query === 'string';
  }
  return false;
}
