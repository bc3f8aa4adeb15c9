import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApiClient } from '../../test/api-client';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { book, bookingBody, createQuote, quoteAndBook, quoteRequest, text } from '../shipments/test-helpers';

/**
 * Pickup dates the product proposes, counted at the origin: the endpoint the forms ask, the
 * cut-off in the origin's time zone, re-runs that move a date which can no longer be quoted, and
 * quote numbers and expiry.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The Wednesday before Thanksgiving 2026, 10:00 in Chicago. */
const THANKSGIVING_EVE = new Date('2026-11-25T16:00:00Z');
/** Runs `check` with the user's language set to Spanish (a signed-in user's setting wins over Accept-Language). */
async function inSpanish(c: TestClient, check: () => Promise<void>) {
  await c.put('/api/settings', { language: 'es' });
  try {
    await check();
  } finally {
    await c.put('/api/settings', { language: 'en' });
  }
}
/** Remembered, so the session outlives the clock's jumps of hours and days. */
const shipper = () => t.client().login('shipper@demo.test', undefined, true);

describe('GET /api/pickup-dates/first', () => {
  it('on the day before Thanksgiving offers the Monday after, to visitors too, naming the holidays', async () => {
    t.clock.now = THANKSGIVING_EVE;
    const res = await t.client().get('/api/pickup-dates/first?country=US&state=IL');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      date: '2026-11-30',
      skipped: [
        { date: '2026-11-26', reason: 'holiday', holiday: 'Thanksgiving Day' },
        { date: '2026-11-27', reason: 'holiday', holiday: 'Day after Thanksgiving' },
        { date: '2026-11-28', reason: 'weekend' },
        { date: '2026-11-29', reason: 'weekend' },
      ],
      cutoff: '14:00',
      expires_at: '2026-11-25T20:00:00.000Z',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("answers in the caller's language and takes a postal code for the state", async () => {
    t.clock.now = THANKSGIVING_EVE;
    const visitor = t.client();
    visitor.acceptLanguage = 'es';
    const es = (await visitor.get('/api/pickup-dates/first?country=US&postal_code=60606')).json().data;
    expect(es.date).toBe('2026-11-30');
    expect(es.skipped[0]).toEqual({ date: '2026-11-26', reason: 'holiday', holiday: 'Acción de Gracias' });
    const c = await shipper();
    expect((await c.get('/api/pickup-dates/first?country=CA&state=ON')).json().data.date).toBe('2026-11-26');
  });

  it("moves past the cut-off, read in the origin's time zone", async () => {
    t.clock.now = new Date('2026-11-23T19:30:00Z'); // Monday: 14:30 in New York, 13:30 in Chicago
    const first = async (query: string) => (await t.client().get(`/api/pickup-dates/first?${query}`)).json().data;
    const ny = await first('country=US&state=NY');
    expect(ny.date).toBe('2026-11-25');
    expect(ny.skipped).toEqual([{ date: '2026-11-24', reason: 'cutoff' }]);
    expect((await first('country=US&state=IL')).date).toBe('2026-11-24');
    // Evening in Chicago is already the next day in UTC: today is still Monday there.
    t.clock.now = new Date('2026-11-24T03:00:00Z');
    expect((await first('country=US&state=IL')).date).toBe('2026-11-25');
  });

  it('is in the partner API under /api/v1 with the quotes:read scope, in the language of Accept-Language', async () => {
    t.clock.now = THANKSGIVING_EVE;
    const c = await shipper();
    const { client } = await accountApiClient(t.app, c, ['quotes:read']);
    const url = '/api/v1/pickup-dates/first?country=US&state=IL';
    const en = await client.get(url);
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json().data).toMatchObject({ date: '2026-11-30', expires_at: '2026-11-25T20:00:00.000Z' });
    expect(en.json().data.skipped[0]).toEqual({ date: '2026-11-26', reason: 'holiday', holiday: 'Thanksgiving Day' });
    const es = await client.get(url, { 'accept-language': 'es' });
    expect(es.json().data.skipped[0].holiday).toBe('Acción de Gracias');
    expect((await client.get('/api/v1/pickup-dates/first?country=XX')).statusCode).toBe(422);

    const { client: trackingOnly } = await accountApiClient(t.app, c, ['tracking:read'], 'Tracking only');
    const refused = await trackingOnly.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('insufficient_scope');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses a bad query with the documented error shape', async () => {
    const res = await t.client().get('/api/pickup-dates/first?country=XX');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { country: [expect.any(String)] } });
  });
});

describe('quote numbers and expiry', () => {
  it('numbers every quote, uniquely, also when many are stored at once', async () => {
    t.clock.now = THANKSGIVING_EVE;
    const c = await shipper();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => c.post('/api/quotes', quoteRequest(t, { pickup_date: '2026-11-30' }))),
    );
    const numbers = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.number as string;
    });
    for (const n of numbers) expect(n).toMatch(/^Q\d{8}$/);
    expect(new Set(numbers).size).toBe(20);
    const first = answers[0]?.json().data;
    expect((await c.get(`/api/quotes/${first.id}`)).json().data.number).toBe(first.number);
    const listed = (await c.get('/api/quotes?per_page=100')).json().data.find((q: { id: string }) => q.id === first.id);
    expect(listed).toMatchObject({ number: first.number, expires_at: '2026-11-25T20:00:00.000Z' });
  });

  it('expires at the cut-off on the business day before the pickup, at the origin', async () => {
    t.clock.now = THANKSGIVING_EVE;
    const c = await shipper();
    const chicago = await createQuote(t, c, { pickup_date: '2026-11-30' });
    expect((chicago as unknown as { expires_at: string }).expires_at).toBe('2026-11-25T20:00:00.000Z');
    // Pickup from Seattle (Pacific time): 14:00 there is 22:00 UTC.
    const seattle = await createQuote(t, c, {
      pickup_date: '2026-11-30',
      origin: { postal_code: '98101', country: 'US', site_type: 'business' },
      destination: { postal_code: '97201', country: 'US', site_type: 'business' },
    });
    expect((seattle as unknown as { expires_at: string }).expires_at).toBe('2026-11-25T22:00:00.000Z');
  });

  it('a date past its cut-off gets no rates and says why', async () => {
    t.clock.now = new Date('2026-11-25T20:30:00Z'); // 14:30 in Chicago
    const c = await shipper();
    const q = (await c.post('/api/quotes', quoteRequest(t, { pickup_date: '2026-11-30' }))).json().data;
    expect(q.rates).toEqual([]);
    expect(q.messages).toEqual([
      expect.objectContaining({
        level: 'no_rate',
        key: 'quote.no_rate.pickup_cutoff',
        params: { cutoff: '14:00', first_date: '2026-12-01' },
      }),
    ]);
    expect(q.messages[0].text).toContain('Tuesday, December 1');
  });

  it('booking an expired quote answers 409 quote_expired; before the cut-off it books', async () => {
    t.clock.now = THANKSGIVING_EVE;
    const c = await shipper();
    const late = await createQuote(t, c, { pickup_date: '2026-11-30' });
    const early = await createQuote(t, c, { pickup_date: '2026-11-30' });
    t.clock.now = new Date('2026-11-25T19:59:00Z');
    const booked = await book(c, bookingBody(early));
    expect(booked.statusCode, booked.body).toBe(201);
    t.clock.now = new Date('2026-11-25T20:00:00Z');
    const refused = await book(c, bookingBody(late));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'quote_expired', message: text('errors.quote_expired') });
    await inSpanish(c, async () => {
      expect((await book(c, bookingBody(late))).json().message).toBe(
        'Las tarifas de esta cotización vencieron. Estamos obteniendo las tarifas de hoy.',
      );
    });
  });
});

describe('a holiday pickup date', () => {
  it("names the holiday in the reader's language, not the country's, also when the quote is read again", async () => {
    t.clock.now = new Date('2026-09-01T16:00:00Z');
    const c = await shipper();
    const mexico = {
      pickup_date: '2026-09-16',
      origin: { postal_code: '06600', country: 'MX', site_type: 'business' },
      destination: { postal_code: '64000', country: 'MX', site_type: 'business' },
    };
    const holidayOf = (q: { messages: { key: string; params: { holiday?: string }; text: string }[] }) =>
      q.messages.find((m) => m.key === 'quote.no_rate.pickup_holiday');
    const independence = (await c.post('/api/quotes', quoteRequest(t, mexico))).json().data;
    expect(independence.rates).toEqual([]);
    expect(holidayOf(independence)).toMatchObject({
      params: { holiday: 'Independence Day' },
      text: 'The pickup date is a holiday (Independence Day). Please choose another business day.',
    });
    const thanksgiving = (await c.post('/api/quotes', quoteRequest(t, { pickup_date: '2026-11-26' }))).json().data;
    expect(holidayOf(thanksgiving)?.text).toContain('(Thanksgiving Day)');
    await inSpanish(c, async () => {
      expect(holidayOf((await c.get(`/api/quotes/${independence.id}`)).json().data)).toMatchObject({
        params: { holiday: 'Día de la Independencia' },
        text: 'La fecha de recolección es día festivo (Día de la Independencia). Por favor elija otro día hábil.',
      });
      const es = holidayOf((await c.get(`/api/quotes/${thanksgiving.id}`)).json().data);
      expect(es?.params.holiday).toBe('Acción de Gracias');
      expect(es?.text).toContain('(Acción de Gracias)');
    });
  });
});

describe('POST /api/quotes/:id/rerun', () => {
  it('moves a pickup date that has passed to the first quotable day, and says so', async () => {
    t.clock.now = new Date('2026-11-18T16:00:00Z');
    const c = await shipper();
    const old = await createQuote(t, c, { pickup_date: '2026-11-20' });
    t.clock.now = THANKSGIVING_EVE;
    const res = await c.post(`/api/quotes/${old.id}/rerun`);
    expect(res.statusCode, res.body).toBe(201);
    const fresh = res.json().data;
    expect(fresh.inputs.pickup_date).toBe('2026-11-30');
    expect(fresh.rates.length).toBeGreaterThan(0);
    expect(fresh.number).not.toBe((old as unknown as { number: string }).number);
    expect(fresh.expires_at).toBe('2026-11-25T20:00:00.000Z');
    expect(fresh.messages).toContainEqual({
      level: 'warning',
      key: 'quote.warning.pickup_moved_past',
      params: { pickup_date: '2026-11-30', quoted_date: '2026-11-20' },
      text: 'The pickup date moved to Monday, November 30: the quoted date has passed.',
    });
    expect(fresh.messages.some((m: { key: string }) => m.key === 'quote.no_rate.pickup_past')).toBe(false);
    await inSpanish(c, async () => {
      const es = (await c.post(`/api/quotes/${old.id}/rerun`)).json().data;
      expect(es.messages[0].text).toBe('La fecha de recolección pasó al lunes, 30 de noviembre: la fecha cotizada ya pasó.');
    });
  });

  it('moves a date whose cut-off passed, and keeps a date that can still be quoted', async () => {
    t.clock.now = new Date('2026-11-23T16:00:00Z');
    const c = await shipper();
    const tuesday = await createQuote(t, c, { pickup_date: '2026-11-24' });
    const later = await createQuote(t, c, { pickup_date: '2026-12-02' });
    t.clock.now = new Date('2026-11-23T21:00:00Z'); // 15:00 in Chicago: Tuesday is past its cut-off
    const moved = (await c.post(`/api/quotes/${tuesday.id}/rerun`)).json().data;
    expect(moved.inputs.pickup_date).toBe('2026-11-25');
    expect(moved.messages[0]).toMatchObject({
      key: 'quote.warning.pickup_moved',
      text: 'The pickup date moved to Wednesday, November 25: Tuesday, November 24 can no longer be scheduled.',
    });
    const kept = (await c.post(`/api/quotes/${later.id}/rerun`)).json().data;
    expect(kept.inputs.pickup_date).toBe('2026-12-02');
    expect(kept.messages.some((m: { key: string }) => m.key.startsWith('quote.warning.pickup_moved'))).toBe(false);
  });
});

describe('reship and return-ship', () => {
  it('propose the first quotable date at the new origin', async () => {
    t.clock.now = new Date('2026-11-18T16:00:00Z');
    const c = await shipper();
    const { shipment } = await quoteAndBook(t, c, { pickup_date: '2026-11-20' });
    t.clock.now = THANKSGIVING_EVE;
    const contact = { email: 'dock@acme.example', phone: '(312) 555-0199' };
    const reship = await c.post(`/api/shipments/${shipment.id}/reship`, { kind: 'reship', ...contact });
    expect(reship.statusCode, reship.body).toBe(201);
    expect(reship.json().data.inputs.pickup_date).toBe('2026-11-30');
    // A return is picked up in Dallas (Central time too): the same Monday.
    const back = (await c.post(`/api/shipments/${shipment.id}/reship`, { kind: 'return', ...contact })).json().data;
    expect(back.inputs.origin.postal_code).toBe('75201');
    expect(back.inputs.pickup_date).toBe('2026-11-30');
  });
});
