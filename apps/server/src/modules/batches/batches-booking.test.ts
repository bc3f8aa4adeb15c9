import type { BatchView } from '@freight/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';
import type { AppContext } from '../../context';
import { batchRows, bookingApprovals, shipments, userSettings, users } from '../../db/schema';
import { hashPassword } from '../../security/passwords';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { usersRepository } from '../users/users.repository';
import { batchBooking, batchRowKey } from './batches-booking';
import { bookableLine, bookBatch, ratedBatch } from './batches-test-helpers';

/** Booking a batch: each chosen row once through the single booking, failures its own, held rows, retries. */
let t: TestApp;
let shipper: TestClient;
let clerk: TestClient;
let other: TestClient;
const CLERK = 'batch.clerk@demo.test';

beforeAll(async () => {
  t = await createTestApp();
  const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  await t.database.db.transaction(async (tx) => {
    await usersRepository(tx).create({
      accountId: owner!.accountId,
      email: CLERK,
      firstName: 'Batch',
      lastName: 'Clerk',
      passwordHash: await hashPassword('Demo#2026'),
      emailVerifiedAt: t.clock.now,
      accountRole: 'shipper',
      bookingLimitCents: 100,
    });
  });
  shipper = await t.client().login('shipper@demo.test');
  clerk = await t.client().login(CLERK);
  other = await t.client().login('other@demo.test');
});
afterAll(() => t.close());

const shipmentsUnder = async (batchId: string, line: number, key = batchRowKey(batchId, line)) =>
  t.database.db.select().from(shipments).where(eq(shipments.idempotencyKey, key));

const approvalOf = async (id: string) => (await t.database.db.select().from(bookingApprovals).where(eq(bookingApprovals.id, id)))[0];
// In file-line order: PostgreSQL returns an updated row wherever it now lies unless asked.
const attemptsOf = async (batchId: string) =>
  (await t.database.db.select().from(batchRows).where(eq(batchRows.batchId, batchId)).orderBy(asc(batchRows.line))).map(
    (r) => r.bookingAttempt,
  );
const bookOne = async (c: TestClient, id: string, line: number) => {
  const res = await c.post(`/api/batches/${id}/rows/${line}/book`, { disclaimer_accepted: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BatchView;
};

describe('booking a batch', () => {
  it('books every chosen row once, keeps a row’s failure its own, and a retry books only what is missing', async () => {
    const rated = await ratedBatch(shipper, [
      bookableLine(t, { client_ref: 'A-1' }),
      bookableLine(t, { client_ref: 'A-2', destination_contact_email: '' }),
      bookableLine(t, { client_ref: 'A-3', origin_contact_name: 'Ann', origin_street: '' }),
      bookableLine(t, { client_ref: 'A-4', height: '' }),
    ]);
    expect(rated.rows.map((r) => r.status)).toEqual(['rated', 'rated', 'rated', 'invalid']);

    const booked = await bookBatch(shipper, rated.id);
    expect(booked.status).toBe('booked');
    expect(booked.rows_booked).toBe(1);
    const [first, noEmail, noStreet, invalid] = booked.rows;
    expect(first).toMatchObject({ status: 'booked', shipment_id: expect.any(String), bol_number: expect.any(String), booking_error: null });
    // The booking form's own words, by the row's column.
    expect(noEmail).toMatchObject({
      status: 'booking_failed',
      shipment_id: null,
      booking_error: 'Field is required',
      errors: [{ field: 'destination_contact_email', message: 'Field is required' }],
    });
    expect(noStreet!.status).toBe('booking_failed');
    expect(noStreet!.errors.map((e) => e.field).sort()).toEqual(['origin_contact_name', 'origin_street']);
    expect(invalid).toMatchObject({ status: 'invalid', shipment_id: null });

    const shipment = (await shipper.get(`/api/shipments/${first!.shipment_id}`)).json().data;
    expect(shipment.bol_number).toBe(first!.bol_number);
    expect(shipment.references.map((r: { type: string; value: string }) => `${r.type}:${r.value}`)).toEqual([
      'po_number:PO-1',
      'shipper_reference:ABC-9',
    ]);
    expect(shipment.pickup).toMatchObject({ company: 'Acme Chicago Dock', first_name: 'Ann', last_name: 'Lee', city: 'Chicago' });

    // Booked again: nothing new; the failed rows fail again.
    const again = await bookBatch(shipper, rated.id);
    expect(again.rows[0]!.shipment_id).toBe(first!.shipment_id);
    expect(await shipmentsUnder(rated.id, 2)).toHaveLength(1);
    expect(again.rows[1]!.status).toBe('booking_failed');

    // The failed row fixed keeps its quote and choice, and is booked alone.
    const fixed = await shipper.put(`/api/batches/${rated.id}/rows/3`, { cells: { destination_contact_email: 'dock@dallas.example' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((fixed.json().data as BatchView).rows[1]).toMatchObject({
      status: 'rated',
      quote_id: rated.rows[1]!.quote_id,
      rate_id: rated.rows[1]!.rate_id,
      errors: [],
      booking_error: null,
    });
    const one = await shipper.post(`/api/batches/${rated.id}/rows/3/book`, { disclaimer_accepted: true });
    expect(one.statusCode, one.body).toBe(200);
    const afterOne = one.json().data as BatchView;
    expect(afterOne.rows[1]).toMatchObject({ status: 'booked', shipment_id: expect.any(String) });
    expect(afterOne.rows[2]!.status).toBe('booking_failed');
    expect(afterOne.rows_booked).toBe(2);

    // A booked row is not booked twice; a row with nothing chosen is not bookable.
    expect((await shipper.post(`/api/batches/${rated.id}/rows/3/book`, { disclaimer_accepted: true })).statusCode).toBe(409);
    expect((await shipper.post(`/api/batches/${rated.id}/rows/5/book`, { disclaimer_accepted: true })).statusCode).toBe(422);
    expect((await shipper.post(`/api/batches/${rated.id}/rows/9/book`, { disclaimer_accepted: true })).statusCode).toBe(404);
    for (const line of [2, 3]) expect(await shipmentsUnder(rated.id, line)).toHaveLength(1);
    expect(await shipmentsUnder(rated.id, 4)).toHaveLength(0);
    // A booked row's cells stay as booked.
    expect((await shipper.put(`/api/batches/${rated.id}/rows/2`, { cells: { origin_street: 'x' } })).statusCode).toBe(409);
  });

  it('books a hazardous row with the details of its hazmat columns, and names each missing or wrong one by its column', async () => {
    const details = {
      hazmat_un_number: 'UN 1263',
      hazmat_proper_name: 'Paint',
      hazmat_class: '3',
      hazmat_packing_group: 'ii',
      hazmat_emergency_contact: 'CHEMTREC',
      hazmat_emergency_phone: '(800) 424-9300',
    };
    const rated = await ratedBatch(shipper, [
      bookableLine(t, { client_ref: 'H-1', hazardous: 'true', ...details }),
      bookableLine(t, { client_ref: 'H-2', hazardous: 'yes', hazmat_un_number: '1263' }),
    ]);
    expect(rated.rows.map((r) => r.status)).toEqual(['rated', 'rated']);
    const [good, bad] = (await bookBatch(shipper, rated.id)).rows;
    expect(good).toMatchObject({ status: 'booked', booking_error: null });
    const [shipment] = await shipmentsUnder(rated.id, good!.line);
    expect(shipment).toMatchObject({
      hazardous: true,
      hazmat: { un_number: 'UN1263', proper_name: 'Paint', hazard_class: '3', packing_group: 'II', emergency_contact: 'CHEMTREC' },
    });
    expect(bad!.status).toBe('booking_failed');
    expect(bad!.errors).toEqual(
      expect.arrayContaining([
        { field: 'hazmat_un_number', message: 'Enter a UN or NA number such as UN1993' },
        { field: 'hazmat_proper_name', message: 'Field is required' },
        { field: 'hazmat_class', message: 'Field is required' },
        { field: 'hazmat_emergency_contact', message: 'Field is required' },
      ]),
    );
  });

  it('goes on when a carrier fails one row’s booking, and books that row on the retry', async () => {
    const rated = await ratedBatch(shipper, [bookableLine(t), bookableLine(t), bookableLine(t)]);
    let calls = 0;
    const ctx = { db: t.database.db, now: () => t.clock.now, jobs: t.app.jobs, config: t.config } as unknown as AppContext;
    const flaky = batchBooking(ctx, {
      carrierFor: (row) =>
        Object.assign(new TariffCarrier(row), {
          book: async (request: Parameters<TariffCarrier['book']>[0]) => {
            calls += 1;
            if (calls === 2) throw new Error('carrier API timed out');
            return new TariffCarrier(row).book(request);
          },
        }),
    });
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'shipper@demo.test'));
    const shipper$ = { accountId: owner?.accountId ?? '', userId: owner?.id ?? '', paymentTerms: 'prepaid' as const };
    await flaky.book(shipper$, { firstName: 'Demo', lastName: 'Shipper' }, rated.id, null, { language: 'en', unitSystem: 'imperial' });
    const view = (await shipper.get(`/api/batches/${rated.id}`)).json().data as BatchView;
    expect(view.rows.map((r) => r.status).sort()).toEqual(['booked', 'booked', 'booking_failed']);
    const failed = view.rows.find((r) => r.status === 'booking_failed')!;
    expect(failed.booking_error).toMatch(/^We are having technical difficulties completing the booking process/);
    expect(failed.errors).toEqual([]);
    const retried = await bookBatch(shipper, rated.id);
    expect(retried.rows.map((r) => r.status)).toEqual(['booked', 'booked', 'booked']);
    for (const line of [2, 3, 4]) expect(await shipmentsUnder(rated.id, line)).toHaveLength(1);
  });

  it('books two requests at once only once', async () => {
    const rated = await ratedBatch(shipper, [bookableLine(t), bookableLine(t)]);
    await Promise.all([bookBatch(shipper, rated.id), bookBatch(shipper, rated.id)]);
    const view = (await shipper.get(`/api/batches/${rated.id}`)).json().data as BatchView;
    expect(view.rows.map((r) => r.status)).toEqual(['booked', 'booked']);
    for (const line of [2, 3]) expect(await shipmentsUnder(rated.id, line)).toHaveLength(1);
  });

  it('takes places from the address book by name, and says when a name is not there', async () => {
    const entry = await shipper.post('/api/addresses', {
      company: 'Batch Book Dock',
      first_name: 'Bo',
      last_name: 'Ok',
      email: 'bo@book.example',
      phone: '(312) 555-0199',
      street1: '233 S Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      postal_code: '60606',
      country: 'US',
      location_type: 'commercial',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const blank = Object.fromEntries(
      ['company', 'street', 'city', 'state', 'contact_name', 'contact_phone', 'contact_email'].map((c) => [`origin_${c}`, '']),
    );
    const rated = await ratedBatch(shipper, [
      bookableLine(t, { ...blank, origin_address_name: 'batch book dock' }),
      bookableLine(t, { ...blank, origin_address_name: 'No Such Dock' }),
    ]);
    const booked = await bookBatch(shipper, rated.id);
    expect(booked.rows[0]!.status, JSON.stringify(booked.rows[0])).toBe('booked');
    const shipment = (await shipper.get(`/api/shipments/${booked.rows[0]!.shipment_id}`)).json().data;
    expect(shipment.pickup).toMatchObject({ company: 'Batch Book Dock', first_name: 'Bo', email: 'bo@book.example' });
    expect(booked.rows[1]).toMatchObject({
      status: 'booking_failed',
      errors: [{ field: 'origin_address_name', message: 'No entry of your address book has this name' }],
    });
  });

  it('holds a row beyond the booker’s limit for an account admin, and books it once approved', async () => {
    const rated = await ratedBatch(clerk, [bookableLine(t)]);
    const held = await bookBatch(clerk, rated.id);
    expect(held.rows[0]).toMatchObject({ status: 'awaiting_approval', approval_id: expect.any(String), shipment_id: null });
    expect(await shipmentsUnder(rated.id, 2)).toHaveLength(0);
    // Booked again: still the one held booking.
    expect((await bookBatch(clerk, rated.id)).rows[0]!.approval_id).toBe(held.rows[0]!.approval_id);
    const approved = await shipper.post(`/api/approvals/${held.rows[0]!.approval_id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const view = (await clerk.get(`/api/batches/${rated.id}`)).json().data as BatchView;
    expect(view.rows[0]).toMatchObject({ status: 'booked', shipment_id: approved.json().data.shipment.id, bol_number: expect.any(String) });
    expect(await shipmentsUnder(rated.id, 2)).toHaveLength(1);
  });

  it('fails a held row an account admin declined, saying who and why, and books it again under a key of its own', async () => {
    const rated = await ratedBatch(clerk, [bookableLine(t)]);
    const held = await bookBatch(clerk, rated.id);
    const first = held.rows[0]!.approval_id!;
    expect(held.rows[0]).toMatchObject({ status: 'awaiting_approval', approval_id: expect.any(String) });
    const declined = await shipper.post(`/api/approvals/${first}/decline`, { reason: 'Too dear for this lane' });
    expect(declined.statusCode, declined.body).toBe(200);

    // Read again: failed with who declined and why, no longer held, so it can be fixed and booked.
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'shipper@demo.test'));
    const view = (await clerk.get(`/api/batches/${rated.id}`)).json().data as BatchView;
    expect(view.rows[0]).toMatchObject({
      status: 'booking_failed',
      approval_id: null,
      shipment_id: null,
      errors: [],
      booking_error: `${admin!.firstName} ${admin!.lastName} declined this booking: Too dear for this lane. Book the row again, changed if need be.`,
    });
    expect(view.rows_booked).toBe(0);
    // Read twice (or by two at once): one attempt counted.
    await Promise.all([clerk.get(`/api/batches/${rated.id}`), shipper.get(`/api/batches/${rated.id}`)]);
    expect(await attemptsOf(rated.id)).toEqual([1]);

    // Booked again: a new key, so a new hold (the declined one is not answered again).
    const again = await bookOne(clerk, rated.id, 2);
    const second = again.rows[0]!.approval_id!;
    expect(again.rows[0]).toMatchObject({ status: 'awaiting_approval', approval_id: expect.any(String), booking_error: null });
    expect(second).not.toBe(first);
    expect((await approvalOf(second))!.idempotencyKey).toBe(`${batchRowKey(rated.id, 2)}:1`);
    expect((await approvalOf(first))!.status).toBe('declined');

    const approved = await shipper.post(`/api/approvals/${second}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const booked = (await clerk.get(`/api/batches/${rated.id}`)).json().data as BatchView;
    expect(booked.rows[0]).toMatchObject({ status: 'booked', shipment_id: approved.json().data.shipment.id, booking_error: null });
    expect(await shipmentsUnder(rated.id, 2)).toHaveLength(0);
    expect(await shipmentsUnder(rated.id, 2, `${batchRowKey(rated.id, 2)}:1`)).toHaveLength(1);
    expect(await attemptsOf(rated.id)).toEqual([1]);
  });

  it('fails a held row its booker withdrew, saying so in each reader’s language, and books it when booked again', async () => {
    const [member] = await t.database.db.select().from(users).where(eq(users.email, CLERK));
    await t.database.db.update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, member!.id));
    try {
      const rated = await ratedBatch(clerk, [bookableLine(t), bookableLine(t, { client_ref: 'W-2' })]);
      const held = await bookBatch(clerk, rated.id);
      expect(held.rows.map((r) => r.status)).toEqual(['awaiting_approval', 'awaiting_approval']);
      const withdrawn = await clerk.post(`/api/approvals/${held.rows[0]!.approval_id}/withdraw`, {});
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);

      // Booked again by an account admin (no limit): the withdrawn row is failed, then booked under
      // its next key; the row still held stays held.
      const view = (await shipper.get(`/api/batches/${rated.id}`)).json().data as BatchView;
      expect(view.rows[0]).toMatchObject({
        status: 'booking_failed',
        approval_id: null,
        booking_error: 'Batch Clerk withdrew this booking before it was decided. Book the row again when it should ship.',
      });
      // The clerk, who reads Spanish, reads it in Spanish.
      const clerkView = (await clerk.get(`/api/batches/${rated.id}`)).json().data as BatchView;
      expect(clerkView.rows[0]!.booking_error).toBe(
        'Batch Clerk retiró esta reserva antes de que se decidiera. Reserve la fila de nuevo cuando deba enviarse.',
      );
      expect(view.rows[1]).toMatchObject({ status: 'awaiting_approval', approval_id: held.rows[1]!.approval_id });
      const booked = await bookBatch(shipper, rated.id);
      expect(booked.rows[0]).toMatchObject({ status: 'booked', shipment_id: expect.any(String), booking_error: null });
      expect(booked.rows[1]).toMatchObject({ status: 'awaiting_approval', approval_id: held.rows[1]!.approval_id });
      expect(await shipmentsUnder(rated.id, 2, `${batchRowKey(rated.id, 2)}:1`)).toHaveLength(1);
      expect(await shipmentsUnder(rated.id, 2)).toHaveLength(0);
      expect(await attemptsOf(rated.id)).toEqual([1, 0]);
      // Booked once: booked again, nothing new.
      expect((await bookBatch(shipper, rated.id)).rows[0]!.shipment_id).toBe(booked.rows[0]!.shipment_id);
      expect(await attemptsOf(rated.id)).toEqual([1, 0]);
    } finally {
      await t.database.db.update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, member!.id));
    }
  });

  it('is the account’s own, asks for the disclaimer and says its errors in the booker’s language', async () => {
    const rated = await ratedBatch(shipper, [bookableLine(t, { destination_contact_phone: '' })]);
    expect((await other.post(`/api/batches/${rated.id}/book`, { disclaimer_accepted: true })).statusCode).toBe(404);
    expect((await other.post(`/api/batches/${rated.id}/rows/2/book`, { disclaimer_accepted: true })).statusCode).toBe(404);
    const refused = await shipper.post(`/api/batches/${rated.id}/book`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.disclaimer_accepted).toEqual(['You must accept the disclaimer to book.']);
    const res = await shipper.request({
      method: 'POST',
      url: `/api/batches/${rated.id}/book`,
      payload: { disclaimer_accepted: true },
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(200);
    const row = (res.json().data as BatchView).rows[0]!;
    expect(row.errors).toEqual([{ field: 'destination_contact_phone', message: expect.any(String) }]);
    expect(['Campo obligatorio', 'Field is required']).toContain(row.errors[0]!.message);
  });
});
