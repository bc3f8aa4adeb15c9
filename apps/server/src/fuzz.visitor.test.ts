import { API_SCOPES } from '@freight/contracts';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, apiPath } from './modules/partner-api/api-routes';
import { accountApiClient } from './test/api-client';
import { browserCaller, type Caller, WALK_TIMEOUT_MS, walk, walkEveryRoute, walkedApp } from './test/fuzz-walk';

/** The hostile-input walk (test/fuzz-walk.ts) as a visitor, and as a program with a bearer token on /api/v1. */
const walked = walkedApp(async (t) => {
  const shipper = await t.client().login('shipper@demo.test', undefined, true);
  const { client: api } = await accountApiClient(t.app, shipper, [...API_SCOPES]);
  return [browserCaller('visitor', t.client(), false), { name: 'api', sender: api, signedIn: true, url: apiPath }];
});

describe('fuzz: every route, hostile input, from outside', () => {
  it('finds the app’s routes', () => {
    expect(walked.routes.length).toBeGreaterThan(200);
  });

  it('never answers a 5xx or an undocumented 4xx to a visitor', () => walkEveryRoute(walked, walked.callers[0] as Caller), WALK_TIMEOUT_MS);

  it(
    'never answers a 5xx or an undocumented 4xx to a bearer-token program on /api/v1',
    async () => {
      // The same handlers as the web's routes (walked with every case by the signed-in walks): here
      // the bearer layer in front of them gets the cases the framework reads first, then a hostile Account-Id.
      const api = walked.callers[1] as Caller;
      const list = API_ROUTES.map((r) => ({
        method: r.method,
        path: r.path,
        ...walked.routes.find((w) => w.method === r.method && w.path === r.path),
      }));
      const started = Date.now();
      const { problems, calls } = await walk(walked.t, api, list, { doorOnly: true });
      const odd = await walk(walked.t, { ...api, headers: { 'account-id': 'not-a-uuid%00' } }, list, { doorOnly: true });
      console.info(`fuzz api: ${calls + odd.calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      expect([...problems, ...odd.problems].slice(0, 80)).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );
});
