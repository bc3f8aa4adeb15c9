import { BATCH_CSV_COLUMNS, BATCH_RATING_COLUMNS, type BatchView } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { teamMember } from '../../test/team';

/** Batches: a CSV of shipments checked row by row with the quote form's messages, kept as history. */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let viewer: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  await teamMember(t, 'Demo Shipper Co', 'batch-viewer@demo-roles.test', 'viewer');
  viewer = await t.client().login('batch-viewer@demo-roles.test');
});
afterAll(() => t.close());

const header = BATCH_CSV_COLUMNS.join(',');
const good: Record<string, string> = {
  client_ref: 'PO-1',
  mode: 'ltl',
  pickup_date: '2026-12-01',
  origin_postal_code: '60606',
  origin_country: 'US',
  destination_postal_code: '75201',
  destination_country: 'US',
  package_type: 'pallets',
  quantity: '1',
  length: '48',
  width: '40',
  height: '48',
  weight: '500',
  insured_value: '1000',
};
const line = (over: Record<string, string> = {}) => BATCH_CSV_COLUMNS.map((c) => ({ ...good, ...over })[c] ?? '').join(',');
const upload = (c: TestClient, csv: string, query = '') =>
  c.request({ method: 'POST', url: `/api/batches${query}`, payload: csv, headers: { 'content-type': 'text/csv' } });

describe('batches', () => {
  it('keeps every row with its status and its errors in the quote form’s words, booking nothing', async () => {
    const csv = [
      header,
      line(),
      line({ package_type: '', height: '' }),
      line({ pickup_date: '2026-13-45', weight: '-3' }),
      line({ mode: 'truckload' }),
      line({ stackable: 'maybe' }),
      line({ origin_postal_code: '6060', destination_country: 'CA', destination_postal_code: '75201' }),
      'too,few',
    ].join('\r\n');
    const res = await upload(shipper, csv);
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json().data as BatchView;
    expect(batch).toMatchObject({ status: 'uploaded', rule: 'cheapest', rows_total: 7, rows_valid: 1 });
    expect(batch.rows.map((r) => [r.line, r.status, r.errors])).toEqual([
      [2, 'valid', []],
      [
        3,
        'invalid',
        [
          { field: 'package_type', message: 'Package type is required' },
          { field: 'height', message: 'Height is required' },
        ],
      ],
      [
        4,
        'invalid',
        [
          { field: 'pickup_date', message: 'Please enter a valid date' },
          { field: 'weight', message: 'Enter a number greater than zero' },
        ],
      ],
      [5, 'invalid', [{ field: 'equipment_type', message: 'Field is required' }]],
      [6, 'invalid', [{ field: 'stackable', message: 'Enter true or false (yes/no, 1/0)' }]],
      // Each postal code in its own country's form (a U.S. ZIP is not a Canadian postal code).
      [
        7,
        'invalid',
        [
          { field: 'origin_postal_code', message: 'Enter a valid ZIP or postal code for the country' },
          { field: 'destination_postal_code', message: 'Enter a valid ZIP or postal code for the country' },
        ],
      ],
      [
        8,
        'invalid',
        [
          {
            field: null,
            message: `This line has 2 cells where the header has ${BATCH_CSV_COLUMNS.length}: a field that contains a comma must be in double quotes`,
          },
        ],
      ],
    ]);
    expect(batch.rows[1]?.cells).toMatchObject({ client_ref: 'PO-1', package_type: '', height: '' });

    const read = await shipper.get(`/api/batches/${batch.id}`);
    expect(read.statusCode).toBe(200);
    expect((read.json().data as BatchView).rows).toHaveLength(7);
    const list = await shipper.get('/api/batches?per_page=1');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ per_page: 1, current_page: 1 });
    expect(list.json().meta.total).toBeGreaterThanOrEqual(1);
    expect(list.json().data[0]).toMatchObject({ id: batch.id, rows_total: 7, created_by: { name: expect.any(String) } });
  });

  it('takes the batch rule and refuses a rule without its setting', async () => {
    const res = await upload(shipper, [header, line()].join('\n'), '?rule=cheapest_within_transit&max_transit_days=3');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ rule: 'cheapest_within_transit', max_transit_days: 3 });
    const missing = await upload(shipper, [header, line()].join('\n'), '?rule=preferred_carrier');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'validation', errors: { preferred_carrier: ['Field is required'] } });
  });

  it('keeps the file’s name as it is safe to show: its last part, no control characters, at most 200 characters', async () => {
    const named = async (name: string | null) => {
      const res = await upload(shipper, [header, line()].join('\n'), name === null ? '' : `?file_name=${encodeURIComponent(name)}`);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as BatchView;
    };
    const plain = await named('November orders.csv');
    expect(plain.file_name).toBe('November orders.csv');
    expect((await shipper.get(`/api/batches/${plain.id}`)).json().data.file_name).toBe('November orders.csv');
    const listed = (await shipper.get('/api/batches?per_page=100')).json().data as { id: string; file_name: string | null }[];
    expect(listed.find((b) => b.id === plain.id)?.file_name).toBe('November orders.csv');

    expect((await named('C:\\fakepath\\weekly\\orders.csv')).file_name).toBe('orders.csv');
    expect((await named('../../etc/passwd.csv')).file_name).toBe('passwd.csv');
    expect((await named('ord\u0007ers\t\r\n\u001b[31m\u009b\u007f.csv')).file_name).toBe('orders[31m.csv');
    // A right-to-left override would show "ordersexe.csv".
    expect((await named('orders\u202evsc.exe')).file_name).toBe('ordersvsc.exe');
    const long = await named(`${'a'.repeat(199)}😀😀.csv`);
    expect(long.file_name).toBe(`${'a'.repeat(199)}😀`);
    expect((await named('folder/\u0001\u0002')).file_name).toBeNull();
    expect((await named(null)).file_name).toBeNull();
    const tooLong = await upload(shipper, [header, line()].join('\n'), `?file_name=${'a'.repeat(2049)}`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.file_name).toEqual([expect.any(String)]);
    // A NUL is refused in any field, as everywhere.
    expect((await upload(shipper, [header, line()].join('\n'), '?file_name=a%00.csv')).statusCode).toBe(422);
  });

  it("says each row's problems in the reader's language, whoever uploaded the batch", async () => {
    const reader = await t.client().login('batch-viewer@demo-roles.test');
    expect((await reader.put('/api/settings', { language: 'es' })).statusCode).toBe(200);
    try {
      const res = await upload(shipper, [header, line({ weight: '' }), line({ weight: 'heavy' })].join('\n'));
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json().data as BatchView).id;
      const problems = (view: BatchView) => view.rows.map((r) => r.errors);
      expect(problems(res.json().data)).toEqual([
        [{ field: 'weight', message: 'Field is required' }],
        [{ field: 'weight', message: 'Enter a number' }],
      ]);
      const read = await reader.get(`/api/batches/${id}`);
      expect(problems(read.json().data)).toEqual([
        [{ field: 'weight', message: 'Campo obligatorio' }],
        [{ field: 'weight', message: 'Ingrese un número' }],
      ]);
      const results = await reader.get(`/api/batches/${id}/results`);
      expect(results.json().data.map((r: { error: string | null }) => r.error)).toEqual(['Campo obligatorio', 'Ingrese un número']);

      // Why rating left a row without a rate, likewise (its pickup date has passed by now).
      const fixed = await shipper.put(`/api/batches/${id}/rows/2`, { cells: { weight: '500' } });
      expect(fixed.statusCode, fixed.body).toBe(200);
      expect((await shipper.post(`/api/batches/${id}/rate`, {})).statusCode).toBe(200);
      const rated = (await reader.get(`/api/batches/${id}`)).json().data as BatchView;
      expect(rated.rows[0]).toMatchObject({
        status: 'rated',
        rate_id: null,
        result: { message: 'La fecha de recolección ya pasó. Por favor elija un día hábil futuro.' },
      });
      const ratedEn = (await shipper.get(`/api/batches/${id}`)).json().data as BatchView;
      expect(ratedEn.rows[0]!.result!.message).toBe('The pickup date is in the past. Please choose a future business day.');
    } finally {
      await reader.put('/api/settings', { language: 'en' });
    }
  });

  it('refuses a bad file in the error shape, never 5xx', async () => {
    const badHeader = await upload(shipper, 'company,street1\nA,B');
    expect(badHeader.statusCode).toBe(422);
    expect(badHeader.json().code).toBe('validation');
    const said = (badHeader.json().file_errors as { message: string }[]).map((e) => e.message).join(' ');
    expect(said).toContain('company, street1');
    expect(said).toContain('client_ref');
    const empty = await upload(shipper, '');
    expect(empty.statusCode).toBe(422);
    const json = await shipper.post('/api/batches', { rows: [] });
    expect(json.statusCode).toBe(422);
    const tooMany = await upload(shipper, [header, ...Array.from({ length: 1001 }, () => line())].join('\n'));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.file[0]).toContain('1,000');
  });

  it('keeps batches to their account and booking to whoever may book', async () => {
    const made = (await upload(shipper, [header, line()].join('\n'))).json().data as BatchView;
    expect((await other.get(`/api/batches/${made.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/batches/not-a-uuid')).statusCode).toBe(404);
    const listed = (await other.get('/api/batches?per_page=100')).json().data as { id: string }[];
    expect(listed.map((b) => b.id)).not.toContain(made.id);
    expect((await viewer.get(`/api/batches/${made.id}`)).statusCode).toBe(200);
    expect((await upload(viewer, [header, line()].join('\n'))).statusCode).toBe(403);
    expect((await viewer.get('/api/batches/template.csv')).statusCode).toBe(403);
    expect((await t.client().get('/api/batches')).statusCode).toBe(401);
  });

  it('fixes a row’s cells and checks the row again', async () => {
    const made = (await upload(shipper, [header, line(), line({ height: '', weight: 'heavy' })].join('\n'))).json().data as BatchView;
    expect(made).toMatchObject({ rows_valid: 1 });
    const url = `/api/batches/${made.id}/rows/3`;
    const half = await shipper.put(url, { cells: { height: '40' } });
    expect(half.statusCode, half.body).toBe(200);
    expect((half.json().data as BatchView).rows[1]).toMatchObject({
      line: 3,
      status: 'invalid',
      errors: [{ field: 'weight', message: 'Enter a number' }],
    });
    const fixed = await shipper.put(url, { cells: { weight: '750' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const after = fixed.json().data as BatchView;
    expect(after.rows_valid).toBe(2);
    expect(after.rows[1]).toMatchObject({ line: 3, status: 'valid', errors: [], cells: { height: '40', weight: '750' } });
    const broken = await shipper.put(`/api/batches/${made.id}/rows/2`, { cells: { mode: 'boat' } });
    expect((broken.json().data as BatchView).rows[0]).toMatchObject({
      status: 'invalid',
      errors: [{ field: 'mode', message: 'Choose one of the listed options' }],
    });
    expect((broken.json().data as BatchView).rows_valid).toBe(1);

    expect((await shipper.put(`/api/batches/${made.id}/rows/99`, { cells: { height: '1' } })).statusCode).toBe(404);
    expect((await shipper.put(`/api/batches/${made.id}/rows/x`, { cells: { height: '1' } })).statusCode).toBe(404);
    expect((await shipper.put(url, { cells: { colour: 'red' } })).statusCode).toBe(422);
    expect((await shipper.put(url, { cells: {} })).statusCode).toBe(422);
    expect((await other.put(url, { cells: { height: '1' } })).statusCode).toBe(404);
    expect((await viewer.put(url, { cells: { height: '1' } })).statusCode).toBe(403);
  });

  it('gives a template that uploads as a good batch', async () => {
    const res = await shipper.get('/api/batches/template.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const again = await upload(shipper, res.body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ rows_total: 1, rows_valid: 1 });
  });

  it('takes a file without the booking columns (rating needs only the postal codes)', async () => {
    const columns = BATCH_RATING_COLUMNS;
    const res = await upload(shipper, [columns.join(','), columns.map((c) => good[c] ?? '').join(',')].join('\n'));
    expect(res.statusCode, res.body).toBe(201);
    const batch = res.json().data as BatchView;
    expect(batch.rows[0]).toMatchObject({ status: 'valid', errors: [], shipment_id: null, bol_number: null, booking_error: null });
    expect(batch.rows[0]!.cells.origin_address_name).toBe('');
  });
});
