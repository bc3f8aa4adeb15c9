import { freshEmail } from '../support/flows';
import { logInAsLookAlike, startAsNewCompany } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

const isChatStream = (url: string) => new URL(url).pathname === '/api/support/stream';

/** Staff's call through the page's own session, as the Suspend button makes it; answers the status. */
async function suspendAccountOf(staff: Page, email: string) {
  return staff.evaluate(async (userEmail) => {
    const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
    const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token };
    const found = await (await fetch(`/api/admin/accounts?q=${encodeURIComponent(userEmail)}`, { headers })).json();
    const id = found.data[0].id as string;
    const res = await fetch(`/api/admin/accounts/${id}/suspend`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ reason: 'Chargebacks on the card' }),
    });
    return res.status;
  }, email);
}

test('suspending an account ends its user’s live support stream at once, on a page nobody reloads; the reconnect is refused', async ({
  page,
  browser,
}) => {
  const email = freshEmail('stream');
  const shipper = await browser.newPage();
  await startAsNewCompany(shipper, { email, password: 'Stream#2026', company: 'Streaming Freight Co' });
  const opened = shipper.waitForResponse((r) => isChatStream(r.url()) && r.status() === 200);
  await shipper.goto('/dashboard');
  await opened;
  let endedAt = 0;
  shipper.on('requestfinished', (r) => {
    if (isChatStream(r.url()) && !endedAt) endedAt = Date.now();
  });
  // The browser reconnects 3 s after a stream ends (its `retry`); the session is gone by then.
  const refused = shipper.waitForResponse((r) => isChatStream(r.url()) && r.status() === 401, { timeout: 90_000 });

  await logInAsLookAlike(page, 'accounting@demo.test', 'stream-accounting');
  expect(await suspendAccountOf(page, email)).toBe(200);
  const suspendedAt = Date.now();
  // Before, a suspended user's stream ran on until its next five-minute check: ending well within
  // a minute is the server ending it at once (a tighter bound timed the busy CI machine instead).
  await expect.poll(() => endedAt, { timeout: 60_000 }).toBeGreaterThan(0);
  expect(endedAt - suspendedAt).toBeLessThan(60_000);
  await refused;
  await snap(shipper, 'support-stream-suspended');
  await shipper.close();
});
