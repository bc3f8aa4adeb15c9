import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { teamMember } from '../../test/team';
import { monterreyPlace, ourBroker, steelGood, usmcaItem } from '../customs/customs.test-support';
import { pdfPages } from '../documents/pdf-text';
import { pallet, type QuoteData } from '../shipments/booking-fixtures';
import { book, bookingBody, everyCountryBusinessDay } from '../shipments/test-helpers';

let t: TestApp;
let admin: TestClient;
let viewer: TestClient;
let other: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.client().login('shipper@demo.test');
  await teamMember(t, 'Demo Shipper Co', 'viewer@usmca.test', 'viewer');
  viewer = await t.client().login('viewer@usmca.test');
  other = await t.client().login('other@demo.test');
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/account/usmca-certification';
const flat = (pages: { text: string }[]) => pages.map((p) => p.text.replace(/\s+/g, ' ')).join(' ');
const year = () => Number(t.clock.now.toISOString().slice(0, 4));

const certification = (over: object = {}) => ({
  certifier_role: 'producer',
  company: 'Acme Manufacturing',
  name: 'Jordan Reyes',
  title: 'Compliance director',
  address: '233 S Wacker Dr, Chicago, IL 60606, US',
  phone: '(312) 555-0199',
  email: 'Compliance@Acme.example',
  producer: 'exporter',
  blanket_from: `${year()}-01-01`,
  blanket_to: `${year()}-12-31`,
  ...over,
});

async function bookToMonterrey(items: object[]) {
  const q = await admin.post('/api/quotes', {
    mode: 'ltl',
    pickup_date: everyCountryBusinessDay(t),
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '64000', country: 'MX', site_type: 'business' },
    items: items.map(() => pallet),
    accessorials: [],
    insured_value: 0,
  });
  expect(q.statusCode, q.body).toBe(201);
  const customs = { incoterm: 'DAP', currency: 'USD', items, brokers: [ourBroker('US'), ourBroker('MX')], tax_id: 'ANE010203XY9' };
  return book(admin, bookingBody(q.json().data as QuoteData, { delivery: monterreyPlace, customs }));
}

describe("the account's USMCA certification of origin", () => {
  it('is none at first, kept by who keeps the account, read by the team and by no other account', async () => {
    expect((await viewer.get(URL)).json()).toEqual({ data: null });
    const refused = await viewer.put(URL, certification());
    expect(refused.statusCode).toBe(403);

    const saved = await admin.put(URL, certification());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      certifier_role: 'producer',
      email: 'compliance@acme.example',
      blanket_from: `${year()}-01-01`,
      blanket_to: `${year()}-12-31`,
      updated_by: { name: expect.any(String) },
    });
    expect((await viewer.get(URL)).json().data).toEqual(saved.json().data);
    expect((await other.get(URL)).json()).toEqual({ data: null });
  });

  it('refuses a blanket period past 12 months, ending before it starts, or with one end only', async () => {
    for (const [over, field] of [
      [{ blanket_from: `${year()}-01-01`, blanket_to: `${year() + 1}-01-01` }, 'blanket_to'],
      [{ blanket_from: `${year()}-05-01`, blanket_to: `${year()}-04-30` }, 'blanket_to'],
      [{ blanket_from: '', blanket_to: `${year()}-04-30` }, 'blanket_from'],
      [{ blanket_from: `${year()}-05-01`, blanket_to: '' }, 'blanket_to'],
    ] as const) {
      const res = await admin.put(URL, certification(over));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await admin.put(URL, certification({ email: 'x', phone: '' }))).json().errors).toMatchObject({
      email: [expect.any(String)],
      phone: [expect.any(String)],
    });
  });

  it("is audited in the account's activity", async () => {
    await admin.put(URL, certification({ title: 'Head of trade compliance' }));
    const log = await t.database.db
      .select({ label: auditLog.targetLabel, shown: auditLog.shownToAccount, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'account.usmca_certification'));
    expect(log.at(-1)).toMatchObject({ label: 'Acme Manufacturing', shown: true, after: { title: 'Head of trade compliance' } });
  });
});

describe('the certification of origin of a shipment claiming USMCA', () => {
  it('asks the origin criterion of a claimed line', async () => {
    const { origin_criterion: _, ...noCriterion } = usmcaItem;
    const res = await bookToMonterrey([noCriterion]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(['customs.items.0.origin_criterion']);
  });

  it("signs under the account's certification as it stood at booking, its nine elements in the destination's language", async () => {
    await admin.put(URL, certification());
    const res = await bookToMonterrey([
      usmcaItem,
      { hs_code: '7308.90', origin_country: 'CN', unit_value_cents: 9_000, usmca: false, ...steelGood },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const shipment = res.json().data;
    expect(shipment.customs.certification).toMatchObject({
      certifier_role: 'producer',
      name: 'Jordan Reyes',
      blanket_from: `${year()}-01-01`,
    });
    const document = (shipment.documents as { kind: string; url: string; language: string; copy: { url: string } | null }[]).find(
      (d) => d.kind === 'usmca_certification',
    );
    expect(document).toMatchObject({ language: 'es' });

    // A later change of the account's certification does not rewrite a shipment's.
    await admin.put(URL, certification({ name: 'Someone Else' }));

    const spanish = await admin.get(document?.url ?? '');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-disposition']).toContain(`USMCA-certification-${shipment.bol_number}.pdf`);
    const es = flat(await pdfPages(spanish.rawPayload));
    for (const text of [
      'Certificación de origen T-MEC',
      '1. Certificación realizada por: El productor',
      'Jordan Reyes',
      'Periodo general',
    ]) {
      expect(es).toContain(text);
    }
    const en = flat(await pdfPages((await admin.get(document?.copy?.url ?? '')).rawPayload));
    for (const text of [
      'USMCA certification of origin',
      '1. Certification by: The producer',
      '2. Certifier',
      'Compliance director',
      '3. Exporter',
      '4. Producer',
      'The exporter (3)',
      '5. Importer',
      'Aceros del Norte SA de CV',
      '6. Description and HS tariff classification',
      '847130',
      '7. Origin criterion',
      '8. Blanket period',
      `01/01/${year()}`,
      `12/31/${year()}`,
      '9. Authorized signature and date',
      'I certify that the goods described in this document qualify as originating',
    ]) {
      expect(en).toContain(text);
    }
    expect(en).not.toContain('Someone Else');
    // Only the claimed line is certified.
    expect(en).not.toContain('730890');
  });

  it('has none without a USMCA claim, and no other account opens one', async () => {
    const plain = await bookToMonterrey([
      { hs_code: '7308.90', origin_country: 'CN', unit_value_cents: 9_000, usmca: false, ...steelGood },
    ]);
    expect(plain.statusCode, plain.body).toBe(201);
    const id = plain.json().data.id;
    expect(plain.json().data.customs.certification).toBeNull();
    expect(plain.json().data.documents.map((d: { kind: string }) => d.kind)).not.toContain('usmca_certification');
    expect((await admin.get(`/api/shipments/${id}/documents/usmca_certification`)).statusCode).toBe(404);

    const claimed = await bookToMonterrey([usmcaItem]);
    const claimedId = claimed.json().data.id;
    expect((await other.get(`/api/shipments/${claimedId}/documents/usmca_certification`)).statusCode).toBe(404);
  });
});
