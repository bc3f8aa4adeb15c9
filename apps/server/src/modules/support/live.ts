import type { SupportLiveEvent } from '@freight/contracts';
import { canOpenAdminPage, type Role } from '@freight/domain';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Listen } from '../../db/listen';
import type { LiveStreams } from '../../live-streams';
import { sessionIdle } from '../../plugins/session';
import { ACCESS_CHANGED, type StreamSession, SUPPORT_CHANNEL, streamSessions } from './live-access.repository';
import { presentEvents } from './support.presenter';
import type { Audience, EventRow, SupportRepository } from './support.repository';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** A stream ends after this long and the browser reconnects on its own (with Last-Event-ID). */
const STREAM_LIFETIME_MS = 5 * 60_000;
/**
 * Every open stream's session is read again this often, for what ends a session without a word on
 * the channel (an idle session deleted by housekeeping, a row removed by hand).
 */
export const RECHECK_MS = 30_000;
/** A browser this far behind (a stalled socket) is dropped; it reconnects and catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const CATCH_UP_BATCH = 200;
/** A browser further behind than this starts afresh: it reads the conversations again on 'ready'. */
const CATCH_UP_MAX = 1000;
/**
 * When this process stops, its browsers reconnect after 0.5 to 3 s (the EventSource's retry),
 * spread so that they do not all reach the other processes at the same moment.
 */
const RECONNECT_MIN_MS = 500;
const RECONNECT_SPREAD_MS = 2500;

interface Connection {
  audience: Audience;
  /** The session (its token's hash) and user the stream was opened with: it ends when they may no longer see it. */
  sessionId: string;
  userId: string;
  reply: FastifyReply;
  /** The last event this browser was sent: nothing at or before it is sent again. */
  lastSeq: number;
  /** Live events that came while the catch-up was being read. */
  pending: EventRow[] | null;
  timers: NodeJS.Timeout[];
  end: () => void;
}

/**
 * Whether the stream's session still stands and its user may still see the audience's events: the
 * rules of the session (idle, or its user deactivated) and of the routes' guards (`customer`,
 * `adminPage('support')`), read again from the database.
 */
function stillAllowed(connection: Connection, session: StreamSession | undefined, now: Date) {
  if (!session || session.userId !== connection.userId || !session.emailVerifiedAt || sessionIdle(session, now)) return false;
  if (session.deactivatedAt) return false;
  const { audience } = connection;
  if (audience.staff) return canOpenAdminPage((session.roles ?? []) as Role[], 'support');
  return session.accountId === audience.accountId && !session.suspendedAt;
}

const audienceKey = (a: Audience) => (a.staff ? 'staff' : `account:${a.accountId}`);

/**
 * The support chat's live side: server-sent events. Every process LISTENs on one
 * PostgreSQL channel; a notification names an event's `seq`, which the process reads once and
 * sends to the browsers it holds that may see it. A browser that reconnects sends Last-Event-ID
 * and first receives what it missed from `support_events`, so nothing is lost or sent twice.
 *
 * A stream lives only as long as its session and its user's right: the recipients' sessions are
 * read again before every event is written (one statement for all of them), and at once when the
 * channel says sessions ended or rights changed (`ACCESS_CHANGED`, from any process: logout, a
 * password change, a suspension, a change of staff roles); a stream that fails is ended.
 */
export class SupportLive {
  private readonly connections = new Set<Connection>();
  /** Notifications are handled one at a time, in the order they arrive (commit order). */
  private queue: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | undefined;

  private recheckTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly repo: SupportRepository,
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly streams: LiveStreams,
  ) {}

  async start(listen: Listen) {
    this.unlisten = await listen(SUPPORT_CHANNEL, (payload) => {
      if (payload === ACCESS_CHANGED) {
        this.enqueue(() => this.recheck([...this.connections]));
        return;
      }
      const seq = Number(payload);
      if (Number.isSafeInteger(seq)) this.enqueue(() => this.deliver(seq));
    });
    this.recheckTimer = setInterval(() => {
      if (this.connections.size > 0) this.enqueue(() => this.recheck([...this.connections]));
    }, RECHECK_MS).unref();
  }

  /** After the listening connection came back: every browser catches up from its last event. */
  resync() {
    for (const connection of this.connections) this.enqueue(() => this.catchUp(connection));
  }

  async stop() {
    clearInterval(this.recheckTimer);
    await this.unlisten?.();
    for (const connection of [...this.connections]) connection.end();
  }

  /** Opens a stream for `audience`; `lastEventId` is where a reconnecting browser left off. */
  async open(request: FastifyRequest, reply: FastifyReply, audience: Audience, lastEventId: number | null) {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write('retry: 3000\n\n');
    const unlist = this.streams.add({ reconnect: () => this.sendElsewhere(connection) });
    const connection: Connection = {
      audience,
      sessionId: request.session?.id ?? '',
      userId: request.auth?.user.id ?? '',
      reply,
      lastSeq: lastEventId ?? 0,
      pending: [],
      timers: [],
      end: () => {
        for (const timer of connection.timers) clearTimeout(timer);
        this.connections.delete(connection);
        unlist();
        if (!raw.writableEnded && !raw.destroyed) raw.end();
      },
    };
    this.connections.add(connection);
    request.raw.on('close', connection.end);
    raw.on('close', connection.end);
    connection.timers.push(
      setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS),
      setTimeout(connection.end, STREAM_LIFETIME_MS),
    );
    // The session may have ended between the route's guard and here (a logout on another process
    // whose word came before this stream was listed).
    await this.recheck([connection]);
    if (!this.connections.has(connection)) return;
    if (lastEventId === null) {
      // A first connection starts from now; the page reads the conversations itself on 'ready'.
      connection.lastSeq = await this.repo.lastSeq();
      this.send(connection, `id: ${connection.lastSeq}\nevent: ready\ndata: {}\n\n`);
      await this.flushPending(connection);
    } else {
      await this.catchUp(connection);
      this.send(connection, `event: ready\ndata: {}\n\n`);
    }
  }

  /**
   * The process is stopping: the browser is told to reconnect soon (the event named 'reconnect',
   * with the delay as the stream's retry) and the stream ends. Its connection is closed too: kept
   * alive, the browser's next request could come back to this process, which no longer serves.
   * EventSource reconnects on its own with Last-Event-ID, so the process that answers catches it up.
   */
  private sendElsewhere(connection: Connection) {
    const retry = RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS);
    this.send(connection, `retry: ${retry}\nevent: reconnect\ndata: {}\n\n`);
    const socket = connection.reply.raw.socket;
    connection.end();
    socket?.end();
  }

  private enqueue(work: () => Promise<void>) {
    this.queue = this.queue.then(work).catch((err) => this.log.error({ err }, 'support live delivery failed'));
  }

  private async catchUp(connection: Connection) {
    connection.pending ??= [];
    for (let read = 0; ; read += CATCH_UP_BATCH) {
      if (read >= CATCH_UP_MAX) {
        connection.lastSeq = await this.repo.lastSeq();
        break;
      }
      const rows = await this.repo.eventsAfter(connection.lastSeq, connection.audience, CATCH_UP_BATCH);
      await this.sendEvents(connection, await presentEvents(this.repo, rows, connection.audience));
      if (rows.length > 0) connection.lastSeq = Math.max(connection.lastSeq, rows[rows.length - 1]!.seq);
      if (rows.length < CATCH_UP_BATCH) break;
    }
    await this.flushPending(connection);
  }

  private async flushPending(connection: Connection) {
    const pending = (connection.pending ?? []).filter((e) => e.seq > connection.lastSeq);
    connection.pending = null;
    for (const row of pending) await this.sendEvents(connection, await presentEvents(this.repo, [row], connection.audience));
  }

  /** Ends the streams among `connections` whose session ended or whose user lost the right to their events. */
  private async recheck(connections: Connection[]) {
    const open = connections.filter((c) => this.connections.has(c));
    if (open.length === 0) return;
    const found = await streamSessions(this.db, [...new Set(open.map((c) => c.sessionId))]);
    const byId = new Map(found.map((s) => [s.id, s]));
    const now = this.now();
    for (const connection of open) {
      if (!stillAllowed(connection, byId.get(connection.sessionId), now)) connection.end();
    }
  }

  /** One notified event to every browser that may see it: read once, presented once per audience. */
  private async deliver(seq: number) {
    if (this.connections.size === 0) return;
    const row = await this.repo.event(seq);
    if (!row) return;
    const recipients = [...this.connections].filter(
      ({ audience }) => audience.staff || (!row.staffOnly && row.accountId === audience.accountId),
    );
    // Before anything is written, the recipients' rights as they stand now.
    await this.recheck(recipients);
    const presented = new Map<string, Promise<SupportLiveEvent[]>>();
    for (const connection of recipients) {
      if (!this.connections.has(connection)) continue;
      const { audience } = connection;
      if (connection.pending) {
        connection.pending.push(row);
        continue;
      }
      const key = audienceKey(audience);
      if (!presented.has(key)) presented.set(key, presentEvents(this.repo, [row], audience));
      await this.sendEvents(connection, await presented.get(key)!);
    }
  }

  private async sendEvents(connection: Connection, events: SupportLiveEvent[]) {
    for (const event of events) {
      if (event.seq <= connection.lastSeq) continue;
      connection.lastSeq = Math.max(connection.lastSeq, event.seq);
      this.send(connection, `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`);
    }
  }

  private send(connection: Connection, chunk: string) {
    const raw = connection.reply.raw;
    if (raw.writableEnded || raw.destroyed) return;
    if (raw.writableLength > MAX_BUFFERED_BYTES) {
      raw.destroy();
      return;
    }
    raw.write(chunk);
  }
}
