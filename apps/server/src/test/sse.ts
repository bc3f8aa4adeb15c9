import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { TestClient } from './harness';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * A browser's EventSource in a test: opens `path` on a listening app with the client's cookies
 * (and a Last-Event-ID), and collects the events it receives.
 */
export async function openStream(app: FastifyInstance, client: TestClient, path: string, lastEventId?: number) {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  let status = 0;
  let markEnded: () => void = () => {};
  /** Settles when the server ends the stream (or the connection drops). */
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const request = http.get({
    host: '127.0.0.1',
    port: address.port,
    path,
    headers: {
      accept: 'text/event-stream',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
  });
  const opened = new Promise<void>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.on('end', markEnded);
      res.on('close', markEnded);
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') {
              event.data += value;
              hasData = true;
            }
          }
          if (hasData) events.push(event);
          for (const w of waiters.splice(0)) w();
          end = buffer.indexOf('\n\n');
        }
      });
      resolve();
    });
  });
  await opened;
  return {
    get status() {
      return status;
    },
    events,
    ended,
    /** Whether the server ended the stream within `timeoutMs`. */
    async endsWithin(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const result = await Promise.race([ended.then(() => true as const), timedOut]);
      clearTimeout(timer);
      return result;
    },
    /** The data of the unnamed (live) events, parsed. */
    live<T = { kind: string; seq: number }>() {
      return events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as T);
    },
    /** Waits until `predicate` holds over the events received (5 s at most). */
    async until(predicate: (events: SseEvent[]) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`stream: condition not met; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close() {
      request.destroy();
    },
  };
}
