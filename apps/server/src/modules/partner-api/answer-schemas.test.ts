import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { routeTable } from '../../test/routes';
import { saidAnswers } from './answer-checks';

/**
 * The routes whose answers have no zod schema yet. The list only shrinks: a new route comes with
 * the schema of its answer (web-answers.ts, or openapi-answers.ts for the partner API), and a route
 * given one leaves the list. `WRITE_ANSWERS_TO_WRITE=1` rewrites it from the app's routes.
 */
const TO_WRITE_FILE = fileURLToPath(new URL('./answers-to-write.json', import.meta.url));

/** The outside services' simulators the test app mounts (eBay's, the identity provider's...) answer in their services' protocols, not the portal's. */
const SIMULATOR = /^[A-Z]+ \/[\w-]+-sim\//;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every route says what it answers', () => {
  it('says what it answers (a schema, a file, a deletion), or is one of the routes still to be written', () => {
    const said = saidAnswers();
    const routes = routeTable(t.app)
      .map((r) => `${r.method} ${r.path}`)
      .filter((route) => !SIMULATOR.test(route));
    const withoutSchema = [...new Set(routes.filter((route) => !said.has(route)))].sort();
    if (process.env.WRITE_ANSWERS_TO_WRITE) writeFileSync(TO_WRITE_FILE, `${JSON.stringify(withoutSchema, null, 2)}\n`);
    const toWrite: string[] = JSON.parse(readFileSync(TO_WRITE_FILE, 'utf8'));
    expect(
      withoutSchema.filter((route) => !toWrite.includes(route)),
      'new routes without a schema of their answer: give each one in web-answers.ts',
    ).toEqual([]);
    expect(
      toWrite.filter((route) => !withoutSchema.includes(route)),
      'routes in answers-to-write.json that have a schema now (or are gone): take them out of the list',
    ).toEqual([]);
  });

  it('documents only routes the app has', () => {
    const routes = new Set(routeTable(t.app).map((r) => `${r.method} ${r.path}`));
    expect([...saidAnswers().keys()].filter((route) => !routes.has(route))).toEqual([]);
  });
});
