import pg from 'pg';

/** Subscribes to a PostgreSQL NOTIFY channel; answers the function that unsubscribes. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

const RECONNECT_MS = 1000;

/**
 * LISTEN on PostgreSQL: one dedicated connection per process (a pooled one would be handed to
 * other queries), reconnected after a failure with every channel listened to again. Notifications
 * sent while it was down are lost, so `onReconnect` tells the owner to catch up from the table.
 */
export function postgresListener(url: string, onError: (error: Error) => void, onReconnect: () => void) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;
  /**
   * One statement at a time on the listening connection: two modules subscribing at once would
   * otherwise send theirs while the other's runs, which pg 8 only warns about and pg 9 refuses.
   */
  let queue: Promise<unknown> = Promise.resolve();
  const run = (c: pg.Client, sql: string) => {
    const next = queue.then(() => c.query(sql));
    queue = next.catch(() => undefined);
    return next;
  };

  async function connect(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      for (const handler of handlers.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    c.on('error', (error) => {
      onError(error);
      if (client === c) client = undefined;
      c.end().catch(() => {});
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });
    await c.connect();
    for (const channel of handlers.keys()) await run(c, `listen ${quote(channel)}`);
    client = c;
    return c;
  }

  async function ensure(): Promise<pg.Client> {
    if (client) return client;
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  async function reconnect() {
    if (closed || client || connecting) return;
    try {
      await ensure();
      onReconnect();
    } catch (error) {
      onError(error as Error);
      if (!closed) setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  }

  const listen: Listen = async (channel, onPayload) => {
    let set = handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      handlers.set(channel, set);
    }
    set.add(onPayload);
    const c = await ensure();
    if (first && client === c) await run(c, `listen ${quote(channel)}`);
    return async () => {
      set.delete(onPayload);
    };
  };

  return {
    listen,
    async close() {
      closed = true;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
