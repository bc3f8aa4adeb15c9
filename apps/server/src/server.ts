import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, DEMO_STAFF, seedDemo } from './db/seed';

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
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE });
  await database.migrate();
  const now = clockFrom(config.TEST_CLOCK_START);
  const seeded = config.seedDemo ? await seedDemo(database.db, now(), { appKey: config.APP_KEY }) : false;
  const app = await buildApp({ config, db: database.db, pubsub: database, now });
  app.addHook('onClose', () => database.close());

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  const where = database.driver === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  const lines = ['', `Freight Portal is running at ${config.appUrl} (${where})${seeded ? ', demo data seeded' : ''}.`];
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
