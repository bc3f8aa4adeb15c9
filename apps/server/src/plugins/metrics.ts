import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { PoolUse } from '../db/client';
import { AppError } from '../errors';
import type { JobBacklog } from '../jobs/jobs';
import type { BreakerState, CallOutcome } from '../modules/carrier-breaker/carrier-breaker';
import { safeEqual } from '../security/tokens';
import { withTimeout } from '../with-timeout';

const PREFIX = 'freight_portal_';
/** A scrape's database reads wait this long at most: a slow database must not cost the scrape the process's own figures. */
const QUERY_TIMEOUT_MS = 2000;
/** The probes and the scrape stay out of the request figures: they would outnumber the users' requests. */
const OPERATIONS_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);
/** The breaker's states as numbers, so a graph can draw them (documented in docs/operations.md). */
const BREAKER_STATE_VALUE: Record<BreakerState, number> = { quoting: 0, paused: 1, probing: 2 };

const BEARER = /^Bearer (\S+)$/i;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** What the gauges read when Prometheus scrapes. */
export interface MetricSources {
  /** On PostgreSQL only. */
  poolUse?: () => PoolUse;
  jobBacklog: () => Promise<JobBacklog[]>;
  webhookBacklog: () => Promise<{ waiting: number; oldestAt: Date | null }>;
  carrierStates: () => { carrierId: string; state: BreakerState }[];
  openLiveStreams: () => number;
  now: () => Date;
}

/** One read shared by the gauges that one scrape collects together. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= read().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

/**
 * prom-client's figures of the process (memory, event-loop delay, garbage collection), collected
 * once per process. Collecting them starts a garbage-collection observer and an event-loop delay
 * monitor that are never stopped and keep their registry, so a registry of each app's would keep
 * every app built in the process, closed or not, with all it references (tests build one per file).
 */
let processFigures: Registry | undefined;
function processMetrics(): Registry {
  if (!processFigures) {
    processFigures = new Registry();
    collectDefaultMetrics({ register: processFigures });
  }
  return processFigures;
}

/**
 * This app's metrics, in a registry of its own (tests build several apps in one process): the
 * request latency by route pattern and what the operators watch of the portal's work, read at
 * scrape time. A scrape also shows the process's figures, from the process-wide registry.
 */
export class AppMetrics {
  private readonly registry = new Registry();
  /** Started with the first app, so the garbage collections and event-loop delay are counted from then. */
  private readonly processRegistry = processMetrics();
  private readonly requestDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer a request, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly rateFailures = new Counter({
    name: `${PREFIX}carrier_rate_failures_total`,
    help: "Carrier rating calls that failed or timed out, by carrier id and outcome (this process's).",
    labelNames: ['carrier_id', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor(private readonly log: FastifyBaseLogger) {}

  /** The scrape: the process's figures and this app's, in Prometheus' text format. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    const both = Registry.merge([this.processRegistry, this.registry]);
    return { text: await both.metrics(), contentType: both.contentType };
  }

  readonly rateFailed = (carrierId: string, outcome: Exclude<CallOutcome, 'ok'>) =>
    this.rateFailures.inc({ carrier_id: carrierId, outcome });

  observeRequest(route: string | undefined, method: string, status: number, seconds: number) {
    if (route && OPERATIONS_ROUTES.has(route)) return;
    // An unknown URL is counted as one route: a raw URL as a label would grow without end.
    this.requestDuration.observe({ route: route ?? 'unmatched', method, status: String(status) }, seconds);
  }

  /**
   * A database read of a scrape, or nothing when it fails: the scrape goes on, the gauge without
   * its figures (no samples, or NaN for a gauge of one value).
   */
  private async read<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await withTimeout(work, QUERY_TIMEOUT_MS);
    } catch (err) {
      this.log.warn({ err }, `metrics: the ${what} could not be read`);
      return undefined;
    }
  }

  /** The gauges read at scrape time. */
  watch(sources: MetricSources) {
    const registers = [this.registry];
    const read = this.read.bind(this);
    const { poolUse } = sources;
    if (poolUse) {
      const poolGauge = (name: string, help: string, value: (use: PoolUse) => number) =>
        new Gauge({
          name: `${PREFIX}${name}`,
          help,
          registers,
          collect() {
            this.set(value(poolUse()));
          },
        });
      poolGauge('db_pool_connections', 'PostgreSQL connections the pool holds open.', (use) => use.total);
      poolGauge('db_pool_idle_connections', 'Open PostgreSQL connections not in use.', (use) => use.idle);
      poolGauge('db_pool_waiting_queries', 'Queries waiting for a PostgreSQL connection.', (use) => use.waiting);
    }
    new Gauge({
      name: `${PREFIX}jobs`,
      help: 'Waiting background jobs by kind: state "due" (due now) and "failed" (to be tried again after a failure).',
      labelNames: ['kind', 'state'] as const,
      registers,
      async collect() {
        const backlog = await read('jobs backlog', sources.jobBacklog);
        this.reset();
        for (const { kind, due, failed } of backlog ?? []) {
          this.set({ kind, state: 'due' }, due);
          this.set({ kind, state: 'failed' }, failed);
        }
      },
    });
    const webhooks = perScrape(() => read('webhook backlog', sources.webhookBacklog));
    new Gauge({
      name: `${PREFIX}webhook_deliveries_waiting`,
      help: 'Webhook deliveries waiting to go out (pending, their subscription enabled).',
      registers,
      async collect() {
        const backlog = await webhooks();
        this.set(backlog ? backlog.waiting : Number.NaN);
      },
    });
    new Gauge({
      name: `${PREFIX}webhook_oldest_waiting_seconds`,
      help: 'Age of the oldest webhook delivery waiting to go out; 0 when none waits.',
      registers,
      async collect() {
        const backlog = await webhooks();
        if (!backlog) this.set(Number.NaN);
        else this.set(backlog.oldestAt ? Math.max(0, (sources.now().getTime() - backlog.oldestAt.getTime()) / 1000) : 0);
      },
    });
    new Gauge({
      name: `${PREFIX}carrier_breaker_state`,
      help: 'Circuit breaker per carrier id, as this process sees it: 0 quoting, 1 paused, 2 paused with its probe out.',
      labelNames: ['carrier_id'] as const,
      registers,
      collect() {
        this.reset();
        for (const { carrierId, state } of sources.carrierStates()) this.set({ carrier_id: carrierId }, BREAKER_STATE_VALUE[state]);
      },
    });
    new Gauge({
      name: `${PREFIX}live_streams_open`,
      help: 'Live (server-sent event) streams this process holds open: the support chat.',
      registers,
      collect() {
        this.set(sources.openLiveStreams());
      },
    });
  }
}

/**
 * The request figures and GET /metrics (Prometheus' text format). With METRICS_TOKEN set, the
 * scrape must send it as a bearer token (401 otherwise); without one it is off in production
 * (404) and open only from the machine itself elsewhere.
 */
export function installMetrics(app: FastifyInstance, metrics: AppMetrics, config: Pick<Config, 'METRICS_TOKEN' | 'NODE_ENV'>) {
  // A callback hook: it runs on every request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { logLevel: 'silent' }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = config.METRICS_TOKEN;
    if (token) {
      const sent = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!sent || !safeEqual(sent, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(401, 'invalid_token', 'errors.invalid_token');
      }
    } else if (config.NODE_ENV === 'production' || !LOOPBACK.test(request.ip)) {
      throw AppError.notFound();
    }
    const { text, contentType } = await metrics.scrape();
    return reply.type(contentType).send(text);
  });
}
