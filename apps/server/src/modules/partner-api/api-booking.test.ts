import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTestClient, accountApiClient } from '../../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { bookingBody, type QuoteData, quoteRequest } from '../shipments/test-helpers';

/** Booking over the public API: the web's booking, with its Idempotency-Key rule. */
let t: TestApp;
let shipper: TestClient;
let api: ApiTestClient;

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  api = (
    await accountApiClient(t.app, shipper, [
      'quotes:write',
      'shipments:read',
      'shipments:write',
      'tracking:read',
      'documents:read',
      'invoices:read',
    ])
  ).client;
});
afterAll(() => t.close());

const quote = async (over: Record<string, unknown> = {}) => {
  const res = await api.post('/api/v1/quotes', quoteRequest(t, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as QuoteData;
};

describe('booking over the public API', () => {
  it('books once per Idempotency-Key: the same key and body answer the same shipment, another body is 409', async () => {
    const q = await quote();
    const body = bookingBody(q);
    const first = await api.post('/api/v1/shipments', body, { 'idempotency-key': 'erp-order-1001' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await api.post('/api/v1/shipments', body, { 'idempotency-key': 'erp-order-1001' });
    expect(again.statusCode).toBeLessThan(300);
    expect(again.json().data.id).toBe(first.json().data.id);
    const changed = await api.post('/api/v1/shipments', { ...body, reference_number: 'PO-9999' }, { 'idempotency-key': 'erp-order-1001' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'conflict' });
    const missingKey = await api.post('/api/v1/shipments', body);
    expect(missingKey.statusCode).toBe(422);
    expect(Object.keys(missingKey.json().errors)).toContain('idempotency_key');
  });

  it('reads, tracks, prints and cancels what it booked, and the shipper sees the same shipment on the web', async () => {
    const q = await quote();
    const booked = (await api.post('/api/v1/shipments', bookingBody(q), { 'idempotency-key': 'erp-order-1002' })).json().data;
    const read = await api.get(`/api/v1/shipments/${booked.id}`);
    expect(read.json().data.bol_number).toBe(booked.bol_number);
    const events = await api.get(`/api/v1/shipments/${booked.id}/events`);
    expect(events.statusCode).toBe(200);
    expect(events.json().data).toMatchObject({ shipment_id: booked.id, status: 'pending' });
    const bol = await api.get(`/api/v1/shipments/${booked.id}/documents/bol`);
    expect(bol.statusCode).toBe(200);
    expect(bol.headers['content-type']).toBe('application/pdf');
    expect(bol.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const listed = (await api.get(`/api/v1/shipments?q=${booked.bol_number}`)).json().data;
    expect(listed.map((s: { id: string }) => s.id)).toEqual([booked.id]);
    expect((await shipper.get(`/api/shipments/${booked.id}`)).json().data.bol_number).toBe(booked.bol_number);

    const canceled = await api.post(`/api/v1/shipments/${booked.id}/cancel`);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().data.status).toBe('canceled');
  });

  it('answers the API’s conventions whatever the acting user chose on the web: US dollars and English unless asked', async () => {
    await shipper.put('/api/settings', { language: 'es', unit_system: 'metric', currency: 'MXN' });
    try {
      const q = await quote();
      expect(q.currency).toBe('USD');
      const bad = await api.post('/api/v1/quotes', { mode: 'ltl' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.pickup_date).toEqual(['Please enter a valid date']);
      const inSpanish = await api.request({
        method: 'POST',
        url: '/api/v1/quotes',
        payload: { mode: 'ltl' },
        headers: { 'accept-language': 'es' },
      });
      expect(inSpanish.json().errors.pickup_date).not.toEqual(['Please enter a valid date']);
    } finally {
      await shipper.put('/api/settings', { language: 'en', unit_system: 'imperial', currency: 'USD' });
    }
  });

  it('lists invoices with invoices:read', async () => {
    const res = await api.get('/api/v1/invoices');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('meta');
  });
});
