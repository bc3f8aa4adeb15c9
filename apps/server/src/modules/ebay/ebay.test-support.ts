import { expect } from 'vitest';
import type { TestClient } from '../../test/harness';
import { simulatorSecret } from './ebay.routes';
import { startEbaySimulator } from './ebay.simulator';

/** The app key of the tests that talk to the eBay simulator over HTTP. */
export const EBAY_TEST_APP_KEY = 'ebay-test-app-key-0123456789abcdef0123456789';

/** The eBay simulator on a port of its own, its clock the test app's (read once the app exists). */
export const startTestEbaySimulator = (now: () => Date) =>
  startEbaySimulator({ secret: simulatorSecret(EBAY_TEST_APP_KEY), callbackUrl: 'http://127.0.0.1:3000/api/ebay/callback', now });

/** The seller's consent on the simulator's page, then eBay's redirect back into the app. */
export async function connectEbayStore(simUrl: string, client: TestClient, seller: string) {
  const { url } = (await client.post('/api/ebay/connect')).json().data as { url: string };
  expect(url.startsWith(`${simUrl}/oauth2/authorize?`)).toBe(true);
  const page = await fetch(url);
  expect(await page.text()).toContain('Agree and continue');
  const state = new URL(url).searchParams.get('state') ?? '';
  const consent = await fetch(`${simUrl}/oauth2/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ seller, state, decision: 'agree' }).toString(),
  });
  const back = new URL(consent.headers.get('location') ?? '');
  expect(back.pathname).toBe('/api/ebay/callback');
  return client.get(`${back.pathname}${back.search}`);
}
