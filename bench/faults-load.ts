// The booking and payment load of bench/faults.ts: workers that quote, book, pay and (every third
// booking) cancel as the demo prepaid shipper, spread over the live processes like a load
// balancer would, each booking and payment with an Idempotency-Key of its own. A 503 or a lost
// connection is retried with the same key (as a client honouring Retry-After would, but after
// BENCH_RETRY_MS so the recovery is seen to the tenth of a second); every attempt is recorded.
import { addDays, nextBusinessDay } from '@freight/domain/rating';
import { benchPlace } from './shipment';

export interface Target {
  name: string;
  origin: string;
  alive: boolean;
}

export type Kind = 'quote' | 'book' | 'pay' | 'cancel';

export interface Attempt {
  kind: Kind;
  target: string;
  /** ms since the bench began, when the attempt was sent and when it ended. */
  sentAt: number;
  endedAt: number;
  status: number | 'network' | 'timeout';
  code?: string;
  retryAfter?: string | null;
}

export interface Acknowledged {
  bookings: { id: string; key: string }[];
  payments: { shipmentId: string; key: string }[];
  cancels: string[];
  /** Requests given up on: a final refusal, or still failing after REQUEST_GIVE_UP_MS. */
  givenUp: { kind: Kind; status: number | string; body: string }[];
}

const RETRY_MS = Number(process.env.BENCH_RETRY_MS ?? 100);
const ATTEMPT_TIMEOUT_MS = 15_000;
const REQUEST_GIVE_UP_MS = 90_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An LTL pallet Chicago -> Dallas, picked up a week on: rated by the demo carriers of a prepaid account. */
function quoteRequest() {
  const today = new Date().toISOString().slice(0, 10);
  return {
    mode: 'ltl',
    pickup_date: nextBusinessDay(addDays(today, 7), 'US'),
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '75201', country: 'US', site_type: 'business' },
    items: [{ package_type: 'pallets', quantity: 2, length: 48, width: 40, height: 48, weight: 400, stackable: true, hazardous: false }],
    accessorials: [],
    insured_value: 0,
  };
}

export class Load {
  readonly attempts: Attempt[] = [];
  readonly acked: Acknowledged = { bookings: [], payments: [], cancels: [], givenUp: [] };
  private turn = 0;
  private ops = 0;

  constructor(
    private readonly targets: Target[],
    private readonly headers: Record<string, string>,
    private readonly t0: number,
    /** Makes the keys of one run's phases distinct. */
    private readonly phase: string,
  ) {}

  private pick(): Target {
    const alive = this.targets.filter((t) => t.alive);
    const target = alive[this.turn++ % alive.length];
    if (!target) throw new Error('no process left to send to');
    return target;
  }

  /** POSTs until a 2xx or a final refusal; a 503 or a lost connection is tried again, on the next live process, with the same key. */
  private async send(kind: Kind, path: string, body: unknown, key?: string): Promise<{ ok: true; data: unknown } | { ok: false }> {
    const began = performance.now();
    let retried = false;
    for (;;) {
      const target = this.pick();
      const sentAt = performance.now() - this.t0;
      const attempt: Attempt = { kind, target: target.name, sentAt, endedAt: sentAt, status: 'network' };
      let text = '';
      try {
        const res = await fetch(`${target.origin}${path}`, {
          method: 'POST',
          headers: { ...this.headers, ...(key ? { 'idempotency-key': key } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        text = await res.text();
        attempt.status = res.status;
        attempt.retryAfter = res.headers.get('retry-after');
        if (!res.ok) attempt.code = (JSON.parse(text) as { code?: string }).code;
      } catch (error) {
        attempt.status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
      }
      attempt.endedAt = performance.now() - this.t0;
      this.attempts.push(attempt);
      const { status } = attempt;
      if (typeof status === 'number' && status < 300) return { ok: true, data: (JSON.parse(text) as { data: unknown }).data };
      // A cancel whose first answer was lost finds the booking canceled already.
      if (kind === 'cancel' && retried && status === 409) return { ok: true, data: null };
      const retryable = status === 503 || status === 'network' || status === 'timeout';
      if (!retryable || performance.now() - began > REQUEST_GIVE_UP_MS) {
        this.acked.givenUp.push({ kind, status, body: text.slice(0, 300) });
        return { ok: false };
      }
      retried = true;
      await sleep(RETRY_MS);
    }
  }

  /** One shipper's round: quote, book, pay, and every third one cancel (its card hold is released by a job). */
  private async operation(n: number) {
    const quote = await this.send('quote', '/api/quotes', quoteRequest());
    if (!quote.ok) return;
    const q = quote.data as { id: string; rates: { id: string }[]; inputs: { pickup_date: string } };
    if (!q.rates[0]) {
      this.acked.givenUp.push({ kind: 'quote', status: 'no rates', body: JSON.stringify(quote.data).slice(0, 300) });
      return;
    }
    const booking = {
      quote_id: q.id,
      rate_id: q.rates[0]?.id,
      pickup: benchPlace('Lakeshore Supply', '200 W Madison St', 'Chicago', 'IL', '60606'),
      delivery: benchPlace('Dallas Receiving LLC', '2200 Ross Ave', 'Dallas', 'TX', '75201'),
      pickup_date: q.inputs.pickup_date,
      ready_time: '09:00',
      close_time: '17:00',
      residential_or_liftgate: false,
      disclaimer_accepted: true,
    };
    const bookKey = `${this.phase}-${n}-book`;
    const booked = await this.send('book', '/api/shipments', booking, bookKey);
    if (!booked.ok) return;
    const id = (booked.data as { id: string }).id;
    this.acked.bookings.push({ id, key: bookKey });
    const card = {
      cardholder: 'Paula Prepaid',
      card_number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 2,
      cvc: '987',
    };
    const payKey = `${this.phase}-${n}-pay`;
    const paid = await this.send('pay', `/api/shipments/${id}/payment`, card, payKey);
    if (!paid.ok) return;
    this.acked.payments.push({ shipmentId: id, key: payKey });
    if (n % 3 !== 0) return;
    const canceled = await this.send('cancel', `/api/shipments/${id}/cancel`, {});
    if (canceled.ok) this.acked.cancels.push(id);
  }

  /** `workers` rounds at a time until `seconds` have passed (a round under way is finished). */
  async run(workers: number, seconds: number) {
    const deadline = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (performance.now() < deadline) await this.operation(this.ops++);
      }),
    );
  }
}
