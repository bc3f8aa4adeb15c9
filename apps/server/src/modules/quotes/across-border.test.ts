import { addBusinessDays } from '@freight/domain/rating';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carriers, carrierTariffVersions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { torontoPlace } from '../customs/customs.test-support';
import { everyCountryBusinessDay, quoteAndBook } from '../shipments/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const pickupDate = () => everyCountryBusinessDay(t);

const pallet = { package_type: 'pallets', quantity: 2, length: 48, width: 40, height: 48, weight: 500, stackable: true, hazardous: false };
const box = { package_type: 'boxes', quantity: 1, length: 12, width: 12, height: 12, weight: 10, stackable: true, hazardous: false };
const place = (postal_code: string, country: string) => ({ postal_code, country, site_type: 'business' });
const chicago = place('60606', 'US');
const monterrey = place('64000', 'MX');
const toronto = place('M5V 3L9', 'CA');
const dallas = place('75201', 'US');

interface Rate {
  scac: string;
  total_cents: number;
  transit_days: number;
  estimated_delivery: string;
  crossing: { port: string; port_name: string; kind: string } | null;
  charges: { code: string; detail: string | null; amount_cents: number }[];
}

/** POST /api/quotes as the demo shipper: an LTL pallet picked up on a business day of every country, with `body`. */
async function ask(body: Record<string, unknown>) {
  const c = await t.client().login('shipper@demo.test');
  return c.post('/api/quotes', { mode: 'ltl', pickup_date: pickupDate(), items: [pallet], accessorials: [], insured_value: 0, ...body });
}

async function quote(body: Record<string, unknown>) {
  const res = await ask(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { rates: Rate[]; messages: { key: string; text: string }[] };
}

const details = (r: Rate) => r.charges.map((c) => c.detail);
const charged = (r: Rate) => r.charges.reduce((s, c) => s + c.amount_cents, 0);

describe('quotes across the border', () => {
  it('rates Chicago to Monterrey LTL through Laredo: each side, the transfer, the Mexican entry and the brokers', async () => {
    const { rates } = await quote({ origin: chicago, destination: monterrey });
    expect(rates.map((r) => r.scac)).toEqual(['DFRC']);
    const [rate] = rates as [Rate];
    expect(rate.crossing).toEqual({ port: 'laredo', port_name: 'Laredo, TX – Nuevo Laredo, TAM', kind: 'transfer' });
    expect(details(rate)).toEqual(
      expect.arrayContaining(['border_transfer', 'customs_entry_mx', 'customs_broker_us', 'customs_broker_mx']),
    );
    expect(charged(rate)).toBe(rate.total_cents);
    // Both sides' days, a day at the border: never sooner than that many business days in either country.
    expect(rate.transit_days).toBeGreaterThanOrEqual(3);
    const pickup = pickupDate();
    expect(rate.estimated_delivery >= addBusinessDays(pickup, rate.transit_days, 'US')).toBe(true);
  });

  it('rates Monterrey to Chicago the other way round, entering the United States', async () => {
    const { rates } = await quote({ origin: monterrey, destination: chicago });
    const [rate] = rates as [Rate];
    expect(rate).toMatchObject({ scac: 'DFRC', crossing: { port: 'laredo', kind: 'transfer' } });
    expect(details(rate)).toContain('customs_entry_us');
    expect(charged(rate)).toBe(rate.total_cents);
  });

  it('rates Toronto to Dallas and Chicago to Toronto in one truck through an Ontario crossing', async () => {
    const south = (await quote({ origin: toronto, destination: dallas })).rates as [Rate];
    expect(south.map((r) => r.scac)).toEqual(['DTBF']);
    expect(south[0].crossing).toMatchObject({ kind: 'single_line', port: expect.stringMatching(/^(detroit|buffalo)$/) });
    expect(details(south[0])).toEqual(
      expect.arrayContaining(['border_crossing', 'customs_entry_us', 'customs_broker_ca', 'customs_broker_us']),
    );
    const north = (await quote({ origin: chicago, destination: toronto })).rates as [Rate];
    expect(north[0]?.crossing?.port).toBe('detroit');
    expect(details(north[0])).toContain('customs_entry_ca');
  });

  it('rates a parcel to Canada and a truckload to Mexico', async () => {
    const parcel = (await quote({ mode: 'parcel', origin: chicago, destination: toronto, items: [box] })).rates as [Rate];
    expect(parcel.map((r) => r.scac)).toEqual(['DTBP']);
    expect(details(parcel[0])).toContain('customs_broker_ca');
    const truck = (
      await quote({
        mode: 'truckload',
        equipment_type: 'dry_van',
        origin: chicago,
        destination: monterrey,
        items: [{ ...pallet, quantity: 20, weight: 1000 }],
      })
    ).rates as [Rate];
    expect(truck.map((r) => r.scac)).toEqual(['DFRC']);
    expect(truck[0].crossing).toMatchObject({ port: 'laredo', kind: 'transfer' });
    expect(charged(truck[0])).toBe(truck[0].total_cents);
  });

  it('crosses at the port the shipper chose, and refuses a port of another border', async () => {
    const [nearest] = (await quote({ origin: chicago, destination: monterrey })).rates as [Rate];
    const { rates } = await quote({ origin: chicago, destination: monterrey, port_of_entry: 'el_paso' });
    const [rate] = rates as [Rate];
    expect(rate.crossing).toEqual({ port: 'el_paso', port_name: 'El Paso, TX – Ciudad Juárez, CHH', kind: 'transfer' });
    // The longer road through El Paso costs more than the carrier's nearest port.
    expect(rate.total_cents).toBeGreaterThan(nearest.total_cents);
    const wrong = await ask({ origin: chicago, destination: monterrey, port_of_entry: 'detroit' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ port_of_entry: ["Choose a port of entry on this shipment's border"] });
  });

  it('says a lane no carrier serves is not quoted online, and asks no border carrier within one country', async () => {
    const across = await quote({ origin: toronto, destination: monterrey });
    expect(across.rates).toEqual([]);
    expect(across.messages).toEqual([
      expect.objectContaining({ key: 'quote.no_rate.cross_border', text: expect.stringContaining('Cross-border') }),
    ]);
    const home = await quote({ origin: chicago, destination: dallas });
    expect(home.rates.length).toBeGreaterThan(0);
    expect(home.rates.some((r) => ['DTBF', 'DFRC'].includes(r.scac) || r.crossing !== null)).toBe(false);
    expect(home.messages.filter((m) => m.key.startsWith('quote.no_rate'))).toEqual([]);
  });

  it("keeps a carrier's border service through staff's tariff draft, and refuses a port it does not know", async () => {
    const [frontera] = await t.database.db
      .select()
      .from(carriers)
      .where(and(eq(carriers.scac, 'DFRC'), eq(carriers.mode, 'ltl')));
    const admin = await t.client().login('super@demo.test', undefined, true);
    const url = `/api/admin/carriers/${frontera?.id}/draft`;
    const start = (await admin.get(`${url}/new`)).json().data as { tariff: { border: Record<string, unknown> } };
    expect(start.tariff.border).toMatchObject({ lanes: ['US-MX', 'MX-US'], crossing: 'transfer' });
    const border = { ...start.tariff.border, crossing_cents: 19_000 };
    const saved = await admin.put(url, { mode: 'ltl', tariff: { ...start.tariff, border }, note: 'Dearer transfer' });
    expect(saved.statusCode, saved.body).toBe(200);
    const [draft] = await t.database.db
      .select()
      .from(carrierTariffVersions)
      .where(and(eq(carrierTariffVersions.carrierId, frontera?.id ?? ''), eq(carrierTariffVersions.state, 'draft')));
    expect((draft?.tariff as { border: unknown } | undefined)?.border).toMatchObject({
      crossing_cents: 19_000,
      ports: ['laredo', 'el_paso', 'otay_mesa'],
    });
    const unknown = await admin.put(url, { mode: 'ltl', tariff: { ...start.tariff, border: { ...border, ports: ['nogales'] } } });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['tariff.border.ports.0']);
  });

  it('books Chicago to Toronto keeping where it crosses; the crossing charges are charges, not services ordered', async () => {
    const c = await t.client().login('shipper@demo.test');
    const toToronto = { destination: toronto, items: [pallet] };
    const delivery = torontoPlace;
    const customs = {
      incoterm: 'DAP',
      currency: 'USD',
      items: [{ hs_code: '940320', origin_country: 'US', unit_value_cents: 60_000, usmca: true, origin_criterion: 'A' }],
      brokers: [
        { country: 'US', ours: true },
        { country: 'CA', ours: true },
      ],
    };
    const { shipment } = await quoteAndBook(t, c, toToronto, { delivery, customs });
    expect(shipment).toMatchObject({
      scac: 'DTBF',
      crossing: { port: 'detroit', port_name: 'Detroit, MI – Windsor, ON', kind: 'single_line' },
    });
    expect(shipment.accessorials).toEqual([]);
    const labels = (shipment.charges as { label: string }[]).map((l) => l.label);
    expect(labels).toEqual(
      expect.arrayContaining(['Border crossing', 'Canadian entry: eManifest and PARS', 'Our customs broker, Canadian side']),
    );
    const read = (await c.get(`/api/shipments/${shipment.id}`)).json().data;
    expect(read.crossing).toEqual(shipment.crossing);
    const { shipment: home } = await quoteAndBook(t, c);
    expect(home.crossing).toBeNull();
  });
});
