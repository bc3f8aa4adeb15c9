import type { EquipmentOption, EquipmentTypeView, ShipmentView } from '@freight/contracts';
import { canOpenAdminPage } from '@freight/domain';
import { DEFAULT_TRUCKLOAD_TARIFF } from '@freight/domain/rating';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, carriers, carrierTariffVersions, equipmentTypes, quotes, userSettings, users } from '../../db/schema';
import { DEMO_STAFF } from '../../db/seed';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { pdfPages } from '../documents/pdf-text';
import type { QuoteCosts } from '../quotes/quotes.service';
import { book, bookingBody, createQuote, pallet, quoteRequest } from '../shipments/test-helpers';
import { EQUIPMENT_RECHECK_MS } from './equipment-types.repository';

let t: TestApp;
let superAdmin: TestClient;
let shipper: TestClient;
const BASE = '/api/admin/truckloads/equipment-types';
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.client().login('super@demo.test', undefined, true);
  shipper = await t.client().login('shipper@demo.test', undefined, true);
});
afterAll(() => t.close());

const conestoga = (over: Record<string, unknown> = {}) => ({
  code: 'conestoga',
  name_en: 'Conestoga',
  name_es: 'Plataforma con lona corrediza',
  max_weight_lb: 44_000,
  length_ft: 53,
  pallet_positions: 26,
  temperature_controlled: false,
  deck_clear_height_ft: 8.5,
  per_mile_adjustment_cents: 60,
  sort_order: 35,
  ...over,
});
const list = async () => (await superAdmin.get(BASE)).json().data as EquipmentTypeView[];
const options = async (c: TestClient) => (await c.get('/api/equipment-types')).json().data as EquipmentOption[];
const auditOf = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);
const speaks = async (email: string, language: 'en' | 'es') => {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await t.database.db.update(userSettings).set({ language }).where(eq(userSettings.userId, user!.id));
};
/** A full truckload of 20 pallets, 8,000 lb, Chicago to Dallas. */
const truckload = (equipment: string) => ({ mode: 'truckload', equipment_type: equipment, items: [{ ...pallet, quantity: 20 }] });
type QuoteData = Awaited<ReturnType<typeof createQuote>>;
type Quoted = Omit<QuoteData, 'rates'> & {
  road_miles: number;
  rates: (QuoteData['rates'][number] & {
    service: string;
    service_name: string | null;
    charges: { code: string; amount_cents: number }[];
  })[];
};
const quote = async (equipment: string) => (await createQuote(t, shipper, truckload(equipment))) as unknown as Quoted;
/** The freight (linehaul) line of the carrier's rate: its stored cost, the tariff's figure (the shipper is shown the price). */
async function linehaul(q: Quoted, scac: string) {
  const rate = q.rates.find((r) => r.scac === scac)!;
  const [row] = await t.database.db.select({ costs: quotes.costs }).from(quotes).where(eq(quotes.id, q.id));
  return (row!.costs as QuoteCosts)[rate.id]!.charges.find((c) => c.code === 'freight')!.amount_cents;
}

describe('truckload equipment types', () => {
  it('seeds the five types of today, names in both languages, RGN by phone', async () => {
    const seeded = await list();
    expect(seeded.map((e) => [e.code, e.per_mile_adjustment_cents])).toEqual([
      ['dry_van', 0],
      ['reefer', 39],
      ['flatbed', 45],
      ['step_deck', 45],
      ['rgn', null],
    ]);
    expect(seeded[0]).toMatchObject({
      name_en: 'Dry van',
      name_es: 'Caja seca',
      max_weight_lb: 45_000,
      pallet_positions: 26,
      retired_at: null,
    });
    expect(seeded[1]).toMatchObject({ temperature_controlled: true });
    await speaks('shipper@demo.test', 'es');
    try {
      const es = await options(shipper);
      expect(es.map((o) => o.name)).toEqual([
        'Caja seca',
        'Caja refrigerada',
        'Plataforma',
        'Plataforma escalonada',
        'Cama baja de cuello desmontable (RGN)',
      ]);
      expect(es.at(-1)).toMatchObject({ code: 'rgn', online: false, max_weight_lb: null });
      expect(JSON.stringify(es)).not.toMatch(/adjustment|cents/);
    } finally {
      await speaks('shipper@demo.test', 'en');
    }
  });

  it('opens the admin endpoints to super_admin only; the form list to anyone signed in', async () => {
    for (const s of DEMO_STAFF) {
      const c = await t.client().login(s.email);
      expect((await c.get(BASE)).statusCode, s.email).toBe(canOpenAdminPage([s.role], 'truckloadEquipment') ? 200 : 403);
      expect((await c.get('/api/equipment-types')).statusCode, s.email).toBe(200);
    }
    expect((await shipper.get(BASE)).statusCode).toBe(403);
    expect((await shipper.post(BASE, conestoga())).statusCode).toBe(403);
    expect((await shipper.post(`${BASE}/${NO_SUCH}/retire`)).statusCode).toBe(403);
    expect((await t.client().get(BASE)).statusCode).toBe(401);
    expect((await t.client().get('/api/equipment-types')).statusCode).toBe(401);
  });

  it('validates a type: code format and uniqueness, names, numbers in range (translated field errors)', async () => {
    const bad = await superAdmin.post(
      BASE,
      conestoga({ code: 'Con Estoga', name_es: ' ', max_weight_lb: 90_000, per_mile_adjustment_cents: 12.5, length_ft: 5 }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      code: ['Use lower-case letters, digits and underscores only'],
      name_es: ['Field is required'],
      max_weight_lb: ['This value is too large'],
      length_ft: ['This value is too small'],
      per_mile_adjustment_cents: ['Enter a whole number'],
    });
    const taken = await superAdmin.post(BASE, conestoga({ code: 'reefer' }));
    expect([taken.statusCode, taken.json().errors]).toEqual([422, { code: ['Another equipment type already uses this code'] }]);
    expect((await list()).length).toBe(5);
  });

  it('adds a type (audited); a truckload quote with it rates base + its adjustment, and names it', async () => {
    const res = await superAdmin.post(BASE, conestoga());
    expect(res.statusCode).toBe(201);
    const created = res.json().data as EquipmentTypeView;
    expect(created).toMatchObject({ code: 'conestoga', per_mile_adjustment_cents: 60, retired_at: null });
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({
      action: 'equipment_type.create',
      entityType: 'equipment_type',
      actorEmail: 'super@demo.test',
      before: null,
    });
    expect(entry!.after).toMatchObject({ code: 'conestoga', name_en: 'Conestoga', per_mile_adjustment_cents: 60 });

    // Offered at once to the form, in its place among the others.
    expect((await options(shipper)).map((o) => o.code)).toEqual(['dry_van', 'reefer', 'flatbed', 'conestoga', 'step_deck', 'rgn']);

    const van = await quote('dry_van');
    const tarp = await quote('conestoga');
    const [demoVan] = await t.database.db.select().from(carriers).where(eq(carriers.scac, 'DVLN'));
    expect((demoVan!.tariff as { linehaul_cents_per_mile: unknown }).linehaul_cents_per_mile).toBe(
      DEFAULT_TRUCKLOAD_TARIFF.linehaul_cents_per_mile,
    );
    const miles = van.road_miles;
    expect(await linehaul(van, 'DVLN')).toBe(Math.round(163 * miles));
    expect(await linehaul(tarp, 'DVLN')).toBe(Math.round((163 + 60) * miles));
    expect([tarp.rates[0]!.service, tarp.rates[0]!.service_name]).toEqual(['conestoga', 'Conestoga']);
    expect(van.rates[0]!.service_name).toBe('Dry van');
  });

  it('reads carrier tariffs stored in the old shape (a linehaul per equipment): the dry van figure is the base', async () => {
    const [demoVan] = await t.database.db.select().from(carriers).where(eq(carriers.scac, 'DVLN'));
    const tariff = demoVan!.tariff as Record<string, unknown>;
    const old = { ...tariff, linehaul_cents_per_mile: { dry_van: 150, reefer: 189, flatbed: 195, step_deck: 195, rgn: null } };
    // Carriers were seeded at the wall clock's time: a later `updated_at` is what makes a new version.
    const later = (days: number) => new Date(Date.now() + days * 86_400_000);
    // Rating reads the carrier's published tariff version, so the old shape goes there.
    const version = eq(carrierTariffVersions.carrierId, demoVan!.id);
    await t.database.db.update(carrierTariffVersions).set({ tariff: old }).where(version);
    await t.database.db
      .update(carriers)
      .set({ tariff: old, updatedAt: later(1) })
      .where(eq(carriers.id, demoVan!.id));
    t.clock.advanceMinutes(1);
    try {
      const reefer = await quote('reefer');
      expect(await linehaul(reefer, 'DVLN')).toBe(Math.round((150 + 39) * reefer.road_miles));
    } finally {
      await t.database.db.update(carrierTariffVersions).set({ tariff }).where(version);
      await t.database.db
        .update(carriers)
        .set({ tariff, updatedAt: later(2) })
        .where(eq(carriers.id, demoVan!.id));
      t.clock.advanceMinutes(1);
    }
  });

  it('edits a type (only the changed fields audited); the code stays; another process sees an edit within seconds', async () => {
    const id = (await list()).find((e) => e.code === 'conestoga')!.id;
    const edited = await superAdmin.put(`${BASE}/${id}`, conestoga({ per_mile_adjustment_cents: 70, name_es: 'Conestoga' }));
    expect(edited.statusCode).toBe(200);
    const entries = await auditOf(id);
    expect(entries.at(-1)).toMatchObject({
      action: 'equipment_type.update',
      before: { per_mile_adjustment_cents: 60, name_es: 'Plataforma con lona corrediza' },
      after: { per_mile_adjustment_cents: 70, name_es: 'Conestoga' },
    });
    const renamed = await superAdmin.put(`${BASE}/${id}`, conestoga({ code: 'tarp_deck' }));
    expect([renamed.statusCode, renamed.json().errors.code]).toEqual([
      422,
      ['The code cannot change: quotes and shipments keep it. Add a new type instead.'],
    ]);
    expect((await superAdmin.put(`${BASE}/${NO_SUCH}`, conestoga())).statusCode).toBe(404);
    expect((await superAdmin.put(`${BASE}/not-a-uuid`, conestoga())).statusCode).toBe(404);

    // Written behind the app's back (another process): read again once the recheck is due.
    await t.database.db
      .update(equipmentTypes)
      .set({ perMileAdjustmentCents: 80, updatedAt: new Date(t.clock.now.getTime() + 5000) })
      .where(eq(equipmentTypes.id, id));
    t.clock.advanceMinutes(EQUIPMENT_RECHECK_MS / 60_000 + 1);
    const q = await quote('conestoga');
    expect(await linehaul(q, 'DVLN')).toBe(Math.round((163 + 80) * q.road_miles));
  });

  it('retires a type: refused for new quotes (422), gone from the form, still named on old quotes and shipments; restores it', async () => {
    const id = (await list()).find((e) => e.code === 'conestoga')!.id;
    const quoted = await quote('conestoga');
    const booked = await book(shipper, bookingBody(quoted, { delivery_appointment: false }));
    expect(booked.statusCode).toBe(201);
    const shipment = booked.json().data as ShipmentView;
    expect(shipment.service_name).toBe('Conestoga');

    const retired = await superAdmin.post(`${BASE}/${id}/retire`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json().data.retired_at).toBe(t.clock.now.toISOString());
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'equipment_type.retire', before: { retired_at: null } });
    const again = await superAdmin.post(`${BASE}/${id}/retire`);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This equipment type is already retired.']);

    // Staff still list it (marked); the form does not offer it; a new quote is refused.
    expect((await list()).find((e) => e.id === id)?.retired_at).not.toBeNull();
    expect((await options(shipper)).map((o) => o.code)).not.toContain('conestoga');
    for (const code of ['conestoga', 'hovercraft']) {
      const refused = await shipper.post('/api/quotes', quoteRequest(t, truckload(code)));
      expect([refused.statusCode, refused.json().errors], code).toEqual([422, { equipment_type: ['Choose one of the listed options'] }]);
    }

    // The old quote and shipment still read, named in the reader's language.
    const old = await shipper.get(`/api/quotes/${quoted.id}`);
    expect(old.statusCode).toBe(200);
    expect(old.json().data.rates[0]).toMatchObject({ service: 'conestoga', service_name: 'Conestoga' });
    await speaks('shipper@demo.test', 'es');
    try {
      const read = (await shipper.get(`/api/shipments/${shipment.id}`)).json().data as ShipmentView;
      expect([read.service, read.service_name]).toEqual(['conestoga', 'Conestoga']);
    } finally {
      await speaks('shipper@demo.test', 'en');
    }
    // The carrier's rate confirmation names it too.
    const pdf = await superAdmin.get(`/api/admin/shipments/${shipment.id}/documents/rate_confirmation`);
    const text = (await pdfPages(pdf.rawPayload)).map((p) => p.text.replace(/\s+/g, ' ')).join(' ');
    expect(text).toContain('Equipment Conestoga');
    const token = shipment.confirmation_path!.split('/').at(-1)!;
    const page = (await t.client().get(`/api/public/truckload-confirmations/${token}`)).json().data;
    expect(page).toMatchObject({ equipment_type: 'conestoga', equipment_name: 'Conestoga' });

    const restored = await superAdmin.post(`${BASE}/${id}/restore`);
    expect([restored.statusCode, restored.json().data.retired_at]).toEqual([200, null]);
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'equipment_type.restore', after: { retired_at: null } });
    expect((await superAdmin.post(`${BASE}/${id}/restore`)).statusCode).toBe(409);
    expect((await options(shipper)).map((o) => o.code)).toContain('conestoga');
  });

  it('a type with no per-mile adjustment is quoted by phone', async () => {
    const res = await shipper.post('/api/quotes', quoteRequest(t, truckload('rgn')));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.rates).toEqual([]);
    expect((res.json().data.messages as { key: string }[]).map((m) => m.key)).toContain('quote.no_rate.truckload_oversize_call');
  });
});
