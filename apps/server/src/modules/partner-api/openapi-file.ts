import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';

/** The committed document (docs/openapi.json) that openapi.test.ts holds the app to. */
export const OPENAPI_FILE = fileURLToPath(new URL('../../../../../docs/openapi.json', import.meta.url));
export const REGENERATE_COMMAND = 'npm run openapi -w apps/server';

/**
 * Builds the app on an empty in-memory database (the document depends on the routes only, not on
 * data or the environment) and writes its OpenAPI document, in the layout `npm run lint` checks.
 */
export async function writeOpenApiFile() {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const config = loadConfig({ WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', JOBS_POLL_MS: '0', DEMO_TRACKING: '0' });
    const app = await buildApp({ config, db: database.db, logger: false, pubsub: database });
    await app.ready();
    writeFileSync(OPENAPI_FILE, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    await app.close();
  } finally {
    await database.close();
  }
  const formatted = spawnSync('npx', ['--yes', '@biomejs/biome@2.6.8', 'format', '--write', OPENAPI_FILE], { encoding: 'utf8' });
  if (formatted.status !== 0) {
    console.warn(`${formatted.stderr}\nCould not format it: run npx @biomejs/biome@2.6.8 format --write docs/openapi.json`);
  }
  return OPENAPI_FILE;
}
