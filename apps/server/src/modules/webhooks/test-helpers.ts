import type { WebhookDeliveryView, WebhookEventTypeName, WebhookView } from '@freight/contracts';
import { WEBHOOK_EVENT_TYPES } from '@freight/contracts';
import type { ApiTestClient } from '../../test/api-client';
import type { TestApp, TestClient } from '../../test/harness';
import { startWebhookReceiver } from './receiver-simulator';

/** Webhook test helpers shared by the webhooks, delivery and integrations tests. */

/** Runs the due jobs until none is left (lanes, the invoicing they trigger), then the background work (mails). */
export async function runJobs(t: TestApp) {
  for (let round = 0; round < 50; round++) {
    if ((await t.app.jobs.runDue(100)) === 0) break;
  }
  await t.app.background.drain();
}

/** A local receiver on the test clock that accepts the secrets in `secrets` (push to it after a create or a rotation). */
export async function testReceiver(t: () => TestApp) {
  const secrets: string[] = [];
  const receiver = await startWebhookReceiver({ secrets: () => secrets, now: () => t().clock.now });
  return Object.assign(receiver, { secrets });
}

/** Subscribes `url` as an account (web session or API client) or, with `base`, a partner through staff; answers the view with its secret. */
export async function subscribe(
  c: TestClient | ApiTestClient,
  url: string,
  events: readonly WebhookEventTypeName[] = WEBHOOK_EVENT_TYPES,
  base = '/api/webhooks',
) {
  const res = await c.post(base, { url, events, description: 'Test receiver' });
  if (res.statusCode !== 201) throw new Error(`subscribe: ${res.statusCode} ${res.body}`);
  return res.json().data as WebhookView & { secret: string };
}

export async function deliveriesOf(c: TestClient, id: string, base = '/api/webhooks') {
  const res = await c.get(`${base}/${id}/deliveries`);
  if (res.statusCode !== 200) throw new Error(`deliveries: ${res.statusCode} ${res.body}`);
  return res.json().data as WebhookDeliveryView[];
}
