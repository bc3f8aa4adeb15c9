import type { BackgroundTasks } from './background';
import type { CarrierAdapter } from './carrier-adapters/adapter';
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobRunner } from './jobs/jobs';
import type { LiveStreams } from './live-streams';
import type { Mailer } from './mail/mailer';
import type { CarrierBreaker } from './modules/carrier-breaker/carrier-breaker';
import type { ApiCallLog } from './modules/partner-api/call-log';
import type { RatedCarrier } from './modules/quotes/quotes.repository';
import type { SessionManager } from './plugins/session';
import type { Throttle } from './security/throttle';

/** What feature modules receive from app.ts: the app's dependencies, built once. */
export interface AppContext {
  config: Config;
  db: Db;
  now: () => Date;
  mailer: Mailer;
  /** Signs verification links; from APP_KEY or generated once and kept in the database. */
  appKey: string;
  throttle: Throttle;
  sessions: SessionManager;
  background: BackgroundTasks;
  /** Durable jobs: modules register handlers and schedule work (src/jobs/jobs.ts). */
  jobs: JobRunner;
  /** The public API's call log, written in batches; `flush()` before reading it. */
  apiCalls: ApiCallLog;
  /** The live streams open in this process: counted by the metrics, sent elsewhere when it stops. */
  liveStreams: LiveStreams;
  /** Keeps carriers whose rate calls keep failing out of quoting; one per process (modules/carrier-breaker). */
  carrierBreaker: CarrierBreaker;
  /** The rate adapter of a carrier: its tariff when unset; tests put in carriers that fail or hang. */
  rateAdapterFor?: (carrier: RatedCarrier) => CarrierAdapter;
}
