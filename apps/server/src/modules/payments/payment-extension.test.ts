import type { ShipmentView } from '@freight/contracts';
import { AWAITING_PAYMENT_MINUTES } from '@freight/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { quoteAndBook } from '../shipments/test-helpers';
import { runJobs } from '../webhooks/test-helpers';

let t: TestApp;
let prepaid: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  prepaid = await t.client().login('prepaid@demo.test');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const WINDOW_MS = AWAITING_PAYMENT_MINUTES * 60_000;
const extend = (c: TestClient, id: string) => c.request({ method: 'POST', url: `/api/shipments/${id}/payment/extend` });
const view = async (c: TestClient, id: string) => (await c.get(`/api/shipments/${id}`)).json().data as ShipmentView;

describe('POST /api/shipments/:id/payment/extend', () => {
  it('moves the due time on by the original window, once; the booking then lapses at the new time', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const due = Date.parse(shipment.payment.due_at as string);
    t.clock.advanceMinutes(AWAITING_PAYMENT_MINUTES - 2);

    const res = await extend(prepaid, shipment.id);
    expect(res.statusCode, res.body).toBe(200);
    const extended = res.json().data as ShipmentView;
    expect(extended.payment).toMatchObject({ state: 'awaiting', due_at: new Date(due + WINDOW_MS).toISOString(), can_extend: false });

    const again = await extend(prepaid, shipment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The time to pay for this shipment was already extended once.');

    // The expiry job, due at the old time, finds the new one and waits for it.
    t.clock.advanceMinutes(5);
    await runJobs(t);
    expect((await view(prepaid, shipment.id)).payment.state).toBe('awaiting');
    t.clock.advanceMinutes(AWAITING_PAYMENT_MINUTES);
    await runJobs(t);
    expect((await view(prepaid, shipment.id)).payment.state).toBe('expired');
    const [job] = await db().select().from(jobs).where(eq(jobs.key, shipment.id));
    expect(job?.doneAt).toBeInstanceOf(Date);
  });

  it('answers 409 once the time has run out (and cancels the booking), or when nothing is due', async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    t.clock.advanceMinutes(AWAITING_PAYMENT_MINUTES + 1);
    const late = await extend(prepaid, shipment.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/run out/);
    expect((await view(prepaid, shipment.id)).status).toBe('canceled');

    const shipper = await t.client().login('shipper@demo.test');
    const { shipment: onTerms } = await quoteAndBook(t, shipper);
    expect(onTerms.payment.can_extend).toBe(false);
    expect((await extend(shipper, onTerms.id)).statusCode).toBe(409);
  });

  it("is another account's booking: 404; a staff member's extension is audited, a shipper's is not", async () => {
    const { shipment } = await quoteAndBook(t, prepaid);
    const shipper = await t.client().login('shipper@demo.test');
    expect((await extend(shipper, shipment.id)).statusCode).toBe(404);

    expect((await extend(prepaid, shipment.id)).statusCode).toBe(200);
    const entries = () => db().select().from(auditLog).where(eq(auditLog.action, 'shipment.payment_extend'));
    expect(await entries()).toEqual([]);

    await db()
      .update(users)
      .set({ roles: ['fpg_admin'] })
      .where(eq(users.email, 'prepaid@demo.test'));
    // Staff work only with a second factor.
    await t.enrolTwoFactor('prepaid@demo.test');
    const staff = await t.client().login('prepaid@demo.test');
    const { shipment: second } = await quoteAndBook(t, staff);
    expect((await extend(staff, second.id)).statusCode).toBe(200);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shipment.payment_extend'), eq(auditLog.entityId, second.id)));
    expect(entry).toMatchObject({ actorEmail: 'prepaid@demo.test', entityType: 'shipment', targetLabel: second.bol_number });
  });
});
