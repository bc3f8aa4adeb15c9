import type { BatchResultRow, BatchStatusView, BatchView } from '@freight/contracts';
import { eq, like } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../csv/csv';
import { shipments, users } from '../../db/schema';
import { type ApiTestClient, accountApiClient } from '../../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { teamMember } from '../../test/team';
import { bookableCells, bookableLine, header } from '../batches/batches-test-helpers';
import { pdfPages } from '../documents/pdf-text';

/** Batches over the public API: the web's batches, uploaded as JSON rows or a file, rated, booked once, read back. */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let api: ApiTestClient;

const SCOPES = ['quotes:write', 'shipments:read', 'shipments:write', 'documents:read'] as const;

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  other = await t.client().login('other@demo.test', undefined, true);
  api = (await accountApiClient(t.app, shipper, [...SCOPES])).client;
});
afterAll(() => t.close());

const create = async (client: ApiTestClient, rows: object[], query = '') => {
  const res = await client.post(`/api/v1/batches${query}`, { rows });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as BatchView;
};
const rate = async (client: ApiTestClient, id: string) => {
  const res = await client.post(`/api/v1/batches/${id}/rate`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BatchView;
};
const book = async (client: ApiTestClient, id: string) => {
  const res = await client.post(`/api/v1/batches/${id}/book`, { disclaimer_accepted: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BatchView;
};
const statusOf = async (client: ApiTestClient, id: string) => {
  const res = await client.get(`/api/v1/batches/${id}/status`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BatchStatusView;
};
const resultsOf = async (client: ApiTestClient, id: string) => {
  const res = await client.get(`/api/v1/batches/${id}/results`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as BatchResultRow[];
};
/** The shipments booked under a batch's row keys. */
const shipmentsOf = (batchId: string) =>
  t.database.db
    .select()
    .from(shipments)
    .where(like(shipments.idempotencyKey, `batch:${batchId}:%`));

describe('batches over the public API: the door', () => {
  it('needs a bearer token, the route’s scope, and finds only the account’s own batches', async () => {
    const noToken = await t.app.inject({ method: 'POST', url: '/api/v1/batches', payload: { rows: [bookableCells(t)] } });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ code: 'invalid_token' });

    const { client: reader } = await accountApiClient(t.app, shipper, ['shipments:read'], 'Reader');
    const refused = await reader.post('/api/v1/batches', { rows: [bookableCells(t)] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'insufficient_scope' });
    expect(refused.headers['www-authenticate']).toContain('scope="quotes:write"');

    // Another account's batch is 404 on every batch route, as an unknown id is, and nothing of it changes.
    const upload = await other.request({
      method: 'POST',
      url: '/api/batches',
      payload: [header, bookableLine(t)].join('\n'),
      headers: { 'content-type': 'text/csv' },
    });
    const theirs = upload.json().data as BatchView;
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['GET', '/status', undefined],
      ['GET', '/results', undefined],
      ['POST', '/rate', {}],
      ['POST', '/book', { disclaimer_accepted: true }],
      ['GET', '/documents.pdf', undefined],
      ['GET', '/manifest.csv', undefined],
      ['GET', '/manifest.pdf', undefined],
    ] as const) {
      const res = await api.request({ method, url: `/api/v1/batches/${theirs.id}${path}`, payload });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await other.get(`/api/batches/${theirs.id}`)).json().data.rows[0].status).toBe('valid');
  });
});

describe('uploading a batch', () => {
  it('checks JSON rows as a file’s: every row kept, each with its problems by column, line = place in rows + 2', async () => {
    const batch = await create(api, [
      bookableCells(t, { client_ref: 'J-1' }),
      { ...bookableCells(t, { client_ref: 'J-2', height: '' }), weight: 0, stackable: 'maybe' },
      { ...bookableCells(t, { client_ref: 'J-3' }), quantity: 2, hazardous: false, freight_class: null },
    ]);
    expect(batch).toMatchObject({ status: 'uploaded', rows_total: 3, rows_valid: 2 });
    expect(batch.rows.map((r) => [r.line, r.status])).toEqual([
      [2, 'valid'],
      [3, 'invalid'],
      [4, 'valid'],
    ]);
    const fields = Object.fromEntries(batch.rows[1]!.errors.map((e) => [e.field, e.message]));
    expect(fields).toMatchObject({
      height: 'Height is required',
      weight: 'Enter a number greater than zero',
      stackable: 'Enter true or false (yes/no, 1/0)',
    });
    expect(batch.rows[2]!.cells).toMatchObject({ quantity: '2', hazardous: 'false', freight_class: '' });

    // The results give the same problems in the API's field-error shape.
    const results = await resultsOf(api, batch.id);
    expect(results[1]).toMatchObject({ line: 3, client_ref: 'J-2', status: 'invalid', error: expect.any(String), price_cents: null });
    expect(results[1]!.errors.height).toEqual(['Height is required']);
    expect(results[0]).toMatchObject({ status: 'valid', error: null, errors: {} });
  });

  it('gives the template, whose example row uploads as a good batch', async () => {
    const template = await api.get('/api/v1/batches/template.csv');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('text/csv');
    const uploaded = await api.request({
      method: 'POST',
      url: '/api/v1/batches',
      payload: template.body,
      headers: { 'content-type': 'text/csv' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // Its example row is picked up on its origin's next pickup day, so the template is good any day.
    expect(uploaded.json().data).toMatchObject({ rows_total: 1, rows_valid: 1 });
  });

  it('refuses a JSON body that is not rows of the template’s columns with a 422 by field, keeping nothing', async () => {
    const before = (await api.get('/api/v1/batches')).json().meta.total as number;
    const bad = await api.post('/api/v1/batches', {
      rows: [{ ...bookableCells(t), colour: 'red' }, { client_ref: 'two\nlines' }, {}],
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'validation' });
    const fields = Object.keys(bad.json().errors);
    expect(fields).toEqual(expect.arrayContaining(['rows.1.client_ref', 'rows.2']));
    expect(fields.some((f) => f.startsWith('rows.0'))).toBe(true);
    for (const body of [{}, { rows: [] }, { rows: 'a,b' }]) {
      const res = await api.post('/api/v1/batches', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain('rows');
    }
    expect((await api.get('/api/v1/batches')).json().meta.total).toBe(before);
  });

  it('takes a CSV file as the web does, with its rule in the querystring; a wrong header is 422 with file_errors', async () => {
    const res = await api.request({
      method: 'POST',
      url: '/api/v1/batches?rule=fastest&file_name=december.csv',
      payload: [header, bookableLine(t), bookableLine(t, { package_type: '' })].join('\n'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ rule: 'fastest', file_name: 'december.csv', rows_total: 2, rows_valid: 1 });
    const wrong = await api.request({
      method: 'POST',
      url: '/api/v1/batches',
      payload: 'colour,size\nred,2\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().file_errors.length).toBeGreaterThan(0);
    const xml = await api.request({
      method: 'POST',
      url: '/api/v1/batches',
      payload: '<rows/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
  });
});

describe('rating and booking a batch', () => {
  it('books each chosen row once: a retry, even two at once, books only what is missing', async () => {
    const batch = await create(api, [
      bookableCells(t, { client_ref: 'B-1' }),
      bookableCells(t, { client_ref: 'B-2', destination_contact_email: '' }),
      bookableCells(t, { client_ref: 'B-3' }),
    ]);
    const before = await statusOf(api, batch.id);
    expect(before.counts).toMatchObject({ valid: 3, rated: 0, booked: 0 });
    expect(before.progress).toEqual({ rating: { done: 0, total: 3 }, booking: { done: 0, total: 0 } });

    const rated = await rate(api, batch.id);
    expect(rated.rows.map((r) => r.status)).toEqual(['rated', 'rated', 'rated']);
    expect((await statusOf(api, batch.id)).progress).toEqual({ rating: { done: 3, total: 3 }, booking: { done: 0, total: 3 } });

    const first = await book(api, batch.id);
    expect(first.rows.map((r) => r.status)).toEqual(['booked', 'booking_failed', 'booked']);
    const booked = await shipmentsOf(batch.id);
    expect(booked).toHaveLength(2);

    // A retry, and two more at once: the booked rows keep their shipments, the failed one fails again, nothing is booked twice.
    const [again, twice] = await Promise.all([book(api, batch.id), book(api, batch.id)]);
    for (const view of [again, twice]) {
      expect(view.rows.map((r) => r.shipment_id)).toEqual(first.rows.map((r) => r.shipment_id));
    }
    expect(await shipmentsOf(batch.id)).toHaveLength(2);

    // Fixed, the missing row is booked alone (it keeps its rating: only a booking column changed), and only once.
    const fixed = await api.put(`/api/v1/batches/${batch.id}/rows/3`, { cells: { destination_contact_email: 'dock@dallas.example' } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((fixed.json().data as BatchView).rows[1]).toMatchObject({ status: 'rated', errors: [] });
    const row = await api.post(`/api/v1/batches/${batch.id}/rows/3/book`, { disclaimer_accepted: true });
    expect(row.statusCode, row.body).toBe(200);
    const last = row.json().data as BatchView;
    expect(last.rows.map((r) => r.status)).toEqual(['booked', 'booked', 'booked']);
    const rowAgain = await api.post(`/api/v1/batches/${batch.id}/rows/3/book`, { disclaimer_accepted: true });
    expect(rowAgain.statusCode).toBe(409);
    expect((await book(api, batch.id)).rows.map((r) => r.shipment_id)).toEqual(last.rows.map((r) => r.shipment_id));
    expect(last.rows[0]!.shipment_id).toBe(first.rows[0]!.shipment_id);
    expect(await shipmentsOf(batch.id)).toHaveLength(3);

    const status = await statusOf(api, batch.id);
    expect(status).toMatchObject({ status: 'booked', rows_booked: 3, counts: { booked: 3, booking_failed: 0 } });
    expect(status).not.toHaveProperty('rows');
    expect(status.progress.booking).toEqual({ done: 3, total: 3 });
  });

  it('reads back each row’s shipment, BOL number, price and problem, and downloads the merged PDF and the manifest', async () => {
    const batch = await create(api, [
      bookableCells(t, { client_ref: 'R-1' }),
      bookableCells(t, { client_ref: 'R-2', origin_address_name: 'No Such Dock' }),
      bookableCells(t, { client_ref: 'R-3', destination_postal_code: '10001', destination_city: 'New York', destination_state: 'NY' }),
    ]);
    await rate(api, batch.id);
    const booked = await book(api, batch.id);
    expect(booked.rows.map((r) => r.status)).toEqual(['booked', 'booking_failed', 'booked']);

    const results = await resultsOf(api, batch.id);
    expect(results.map((r) => r.client_ref)).toEqual(['R-1', 'R-2', 'R-3']);
    for (const row of [results[0]!, results[2]!]) {
      const shipment = (await api.get(`/api/v1/shipments/${row.shipment_id}`)).json().data;
      expect(row).toMatchObject({
        status: 'booked',
        bol_number: shipment.bol_number,
        price_cents: shipment.total_cents,
        currency: 'USD',
        error: null,
        errors: {},
      });
      expect(row.price_cents).toBeGreaterThan(0);
    }
    expect(results[1]).toMatchObject({
      status: 'booking_failed',
      shipment_id: null,
      bol_number: null,
      error: 'No entry of your address book has this name',
      errors: { origin_address_name: ['No entry of your address book has this name'] },
    });
    // Before booking, a row's price is its chosen rate's.
    expect(results[1]!.price_cents).toBe(booked.rows[1]!.result!.rates.find((r) => r.id === booked.rows[1]!.rate_id)!.total_cents);

    const pdf = await api.get(`/api/v1/batches/${batch.id}/documents.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    let expected = 0;
    for (const row of [results[0]!, results[2]!]) {
      for (const kind of ['bol', 'pallet_labels']) {
        const one = await api.get(`/api/v1/shipments/${row.shipment_id}/documents/${kind}`);
        expected += (await PDFDocument.load(one.rawPayload)).getPageCount();
      }
    }
    expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(expected);

    const manifest = await api.get(`/api/v1/batches/${batch.id}/manifest.csv`);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('text/csv');
    const [head, ...lines] = (await parseCsvRows(manifest.body.replace(/^\uFEFF/, ''))).map((r) => r.cells);
    const cell = (line: string[] | undefined, column: string) => line?.[head!.indexOf(column)];
    expect(lines.map((l) => [cell(l, 'client_ref'), cell(l, 'bol_number')])).toEqual([
      ['R-1', results[0]!.bol_number],
      ['R-3', results[2]!.bol_number],
    ]);
    expect(cell(lines[0], 'price')).toBe((results[0]!.price_cents! / 100).toFixed(2));
    const printed = await api.get(`/api/v1/batches/${batch.id}/manifest.pdf`);
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    const manifestText = (await pdfPages(printed.rawPayload)).map((p) => p.text).join(' ');
    for (const row of [results[0]!, results[2]!]) expect(manifestText).toContain(row.bol_number);

    // A batch with nothing booked has no documents yet.
    const unbooked = await create(api, [bookableCells(t)]);
    expect((await api.get(`/api/v1/batches/${unbooked.id}/documents.pdf`)).statusCode).toBe(404);
    expect((await api.get(`/api/v1/batches/${unbooked.id}/manifest.csv`)).statusCode).toBe(404);
  });

  it('holds rows beyond the acting user’s booking limit for an account admin, as on the web', async () => {
    const colleague = await teamMember(t, 'Demo Shipper Co', 'batch.api.admin@demo.test', 'account_admin');
    const admin = await t.client().login('batch.api.admin@demo.test', undefined, true);
    const { client } = await accountApiClient(t.app, admin, [...SCOPES], 'Clerk TMS');
    // The credential acts as its user with their rights at the time of the call: now a shipper with a $1 limit.
    await t.database.db.update(users).set({ accountRole: 'shipper', bookingLimitCents: 100 }).where(eq(users.id, colleague.id));

    const batch = await create(client, [bookableCells(t, { client_ref: 'H-1' }), bookableCells(t, { client_ref: 'H-2' })]);
    await rate(client, batch.id);
    const held = await book(client, batch.id);
    expect(held.rows.map((r) => [r.status, r.shipment_id])).toEqual([
      ['awaiting_approval', null],
      ['awaiting_approval', null],
    ]);
    expect(await shipmentsOf(batch.id)).toHaveLength(0);
    // Booked again, the held rows stay held under their approvals.
    expect((await book(client, batch.id)).rows.map((r) => r.approval_id)).toEqual(held.rows.map((r) => r.approval_id));
    const status = await statusOf(client, batch.id);
    expect(status.counts.awaiting_approval).toBe(2);
    expect(status.progress.booking).toEqual({ done: 2, total: 2 });

    // An account admin approves one: it reads booked with its shipment.
    const approved = await shipper.post(`/api/approvals/${held.rows[0]!.approval_id}/approve`, {});
    expect(approved.statusCode, approved.body).toBeLessThan(300);
    const results = await resultsOf(client, batch.id);
    expect(results[0]).toMatchObject({ status: 'booked', bol_number: expect.any(String) });
    expect(results[1]).toMatchObject({ status: 'awaiting_approval', approval_id: held.rows[1]!.approval_id, shipment_id: null });
  });
});
