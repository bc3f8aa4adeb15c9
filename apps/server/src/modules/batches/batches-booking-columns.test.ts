import type { BatchView } from '@freight/contracts';
import { addDays, nextBusinessDay } from '@freight/domain/rating';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { csvLine } from './batches-csv.test-support';
import { bookableCells, bookableLine, bookBatch, chosenTotal, header, rate, upload } from './batches-test-helpers';

/** What a row books beyond its places: accessorials priced at rating, a delivery appointment, a reefer's range, notes. */
let t: TestApp;
let shipper: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
});
afterAll(() => t.close());

const ratedFile = async (lines: string[]) => rate(shipper, (await upload(shipper, [header, ...lines].join('\n'))).id);
const shipmentOf = async (row: BatchView['rows'][number]) => (await shipper.get(`/api/shipments/${row.shipment_id}`)).json().data;
// A truckload of twenty pallets in a refrigerated trailer.
const reefer = (over: Record<string, string> = {}) =>
  csvLine(bookableCells(t, { mode: 'truckload', equipment_type: 'reefer', quantity: '20', insured_value: '20000', ...over }));

describe('a batch row’s booking columns', () => {
  it('prices the row’s accessorials and books its delivery appointment and notes', async () => {
    const pickup = bookableCells(t).pickup_date!;
    const appointment = nextBusinessDay(addDays(pickup, 2), 'US');
    const rated = await ratedFile([
      bookableLine(t, { client_ref: 'PLAIN' }),
      bookableLine(t, {
        client_ref: 'APPT',
        accessorials: 'Liftgate_Delivery; appointment',
        delivery_appointment_date: appointment,
        notes: 'Dock 4, call on arrival',
      }),
    ]);
    const [plain, appt] = rated.rows;
    expect(appt!.status).toBe('rated');
    // The accessorials are priced when the row is rated.
    expect(chosenTotal(appt!)).toBeGreaterThan(chosenTotal(plain!));
    const booked = await bookBatch(shipper, rated.id);
    expect(booked.rows.map((r) => [r.status, r.booking_error])).toEqual([
      ['booked', null],
      ['booked', null],
    ]);
    expect(await shipmentOf(booked.rows[1]!)).toMatchObject({
      delivery_appointment: true,
      delivery_date: appointment,
      notes: 'Dock 4, call on arrival',
    });
    expect(await shipmentOf(booked.rows[0]!)).toMatchObject({ delivery_appointment: false, notes: '' });
  });

  it('refuses an accessorial the quote form does not know on upload, and an appointment the row did not price when booked', async () => {
    const uploaded = await upload(shipper, [header, bookableLine(t, { accessorials: 'teleport' })].join('\n'));
    expect(uploaded.rows[0]).toMatchObject({ status: 'invalid' });
    expect(uploaded.rows[0]!.errors.map((e) => e.field)).toEqual(['accessorials']);

    const pickup = bookableCells(t).pickup_date!;
    const rated = await ratedFile([bookableLine(t, { delivery_appointment_date: nextBusinessDay(addDays(pickup, 2), 'US') })]);
    const booked = await bookBatch(shipper, rated.id);
    expect(booked.rows[0]).toMatchObject({ status: 'booking_failed' });
    expect(booked.rows[0]!.errors.map((e) => e.field)).toEqual(['accessorials']);
  });

  it('books a reefer truckload with its temperature range, and names the column when it is missing', async () => {
    const rated = await ratedFile([
      reefer({ client_ref: 'COLD', temperature_low_f: '34', temperature_high_f: '38', temperature_run: 'Continuous' }),
      reefer({ client_ref: 'NO-RANGE' }),
      reefer({ client_ref: 'UPSIDE-DOWN', temperature_low_f: '40', temperature_high_f: '34', temperature_run: 'cycle' }),
    ]);
    expect(rated.rows.map((r) => r.status)).toEqual(['rated', 'rated', 'rated']);
    const booked = await bookBatch(shipper, rated.id);
    expect(booked.rows.map((r) => r.status)).toEqual(['booked', 'booking_failed', 'booking_failed']);
    expect((await shipmentOf(booked.rows[0]!)).temperature).toEqual({ low_f: 34, high_f: 38, run: 'continuous' });
    expect(booked.rows[1]!.errors).toEqual([{ field: 'temperature_low_f', message: expect.any(String) }]);
    expect(booked.rows[2]!.errors.map((e) => e.field)).toEqual(['temperature_high_f']);
  });
});
