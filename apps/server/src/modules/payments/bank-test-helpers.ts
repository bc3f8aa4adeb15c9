import type { TestClient } from '../../test/harness';
import { browserBank, TEST_BANK } from './stripe-test-helpers';

// Apart from stripe-test-helpers.ts, which the test harness itself imports (to start the
// simulator): this one signs in through the harness's client.

/**
 * A bank account the client's account saved and verified with the simulator's micro-deposit code
 * (Stripe's test code SM11AA): the only kind of bank account an invoice payment may debit.
 */
export async function verifiedBank(client: TestClient, apiUrl: string | undefined, account: string = TEST_BANK.settles) {
  const saved = await client.post('/api/payment-methods', { payment_method: await browserBank(apiUrl, account) });
  if (saved.statusCode !== 201) throw new Error(`saving the bank account: ${saved.body}`);
  const { id, ref } = saved.json().data as { id: string; ref: string };
  const verified = await client.post(`/api/payment-methods/${id}/verify`, { code: 'SM11AA' });
  if (verified.statusCode !== 200) throw new Error(`verifying the bank account: ${verified.body}`);
  return ref;
}
