import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { routeTable } from '../../test/routes';
import { saidAnswers } from './answer-checks';

/** The outside services' simulators the test app mounts (eBay's, the identity provider's...) answer in their services' protocols, not the portal's. */
const SIMULATOR = /^[A-Z]+ \/[\w-]+-sim\//;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('every route says what it answers', () => {
  it('says what it answers (a schema, a file, a deletion, a redirect, a stream): a new route comes with it', () => {
    const said = saidAnswers();
    const routes = routeTable(t.app)
      .map((r) => `${r.method} ${r.path}`)
      .filter((route) => !SIMULATOR.test(route));
    expect(
      [...new Set(routes.filter((route) => !said.has(route)))].sort(),
      'routes without what they answer: say it in web-answers.ts (or openapi-answers.ts for the partner API)',
    ).toEqual([]);
  });

  it('documents only routes the app has', () => {
    const routes = new Set(routeTable(t.app).map((r) => `${r.method} ${r.path}`));
    expect([...saidAnswers().keys()].filter((route) => !routes.has(route))).toEqual([]);
  });
});
