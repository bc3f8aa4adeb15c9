import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, DEMO_STAFF, seedDemo } from './db/seed';
import { DRAIN_DEADLINE_MS, drain } from './drain';
import { startTracing, tracingTarget } from './telemetry/tracing';

/** A wrong environment stops the start with the readable list, not a stack trace. */
function readConfigOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The real clock, or (scenarios: TEST_CLOCK_START) one that starts at a given instant and runs on from there. */
function clockFrom(start: string | undefined): () => Date {
  if (!start) return () => new Date();
  const offset = Date.parse(start) - Date.now();
  return () => new Date(Date.now() + offset);
}

async function main() {
  const config = readConfigOrExit();
  // Before the database and the app: each asks for its spans as it is made (docs/tracing.md).
  await startTracing(config);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE });
  await database.migrate();
  const now = clockFrom(config.TEST_CLOCK_START);
  const seeded = config.seedDemo
    ? await seedDemo(database.db, now(), { appKey: config.APP_KEY, timeZone: config.BUSINESS_TIME_ZONE })
    : false;
  const app = await buildApp({
    config,
    db: database.db,
    pubsub: database,
    poolUse: database.poolUse,
    now,
    // The payment simulator's customers and cards live as long as the embedded database that names them.
    simulatorStateFile: database.driver === 'pglite' ? join(config.dataDir, 'stripe-simulator.json') : undefined,
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: stopping (readiness 503, jobs, live streams, requests under way)`);
      setTimeout(() => {
        app.log.error(`still stopping after ${DRAIN_DEADLINE_MS / 1000} s: exiting`);
        process.exit(1);
      }, DRAIN_DEADLINE_MS).unref();
      drain(app, { closeDatabase: () => database.close() }).then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'stopping failed');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  // The demo's saved cards go through the payment simulator, which answers only once the app listens.
  const cards = await app.seedAfterListen().catch((err) => {
    app.log.warn({ err }, 'the demo saved cards could not be made');
    return false;
  });
  const where = database.driver === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  const lines = ['', `Freight Portal is running at ${config.appUrl} (${where})${seeded || cards ? ', demo data seeded' : ''}.`];
  const traces = tracingTarget();
  if (traces) lines.push(`Traces are sent to ${traces} (OTLP/HTTP).`);
  if (config.seedDemo) {
    lines.push(
      `Demo logins (password ${DEMO_PASSWORD}): shipper@demo.test, other@demo.test (customers on terms), prepaid@demo.test (customer paying by card);`,
    );
    lines.push(`  staff: ${DEMO_STAFF.map((s) => `${s.email} (${s.role})`).join(', ')}`);
  }
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
