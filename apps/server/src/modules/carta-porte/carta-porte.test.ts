import { cfdiAttribute } from '@freight/domain/customs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartaPortes } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { monterreyPlace, ourBroker, usmcaItem } from '../customs/customs.test-support';
import { verificationUrl } from '../documents/carta-porte-print';
import { pdfBarcodes } from '../documents/pdf-barcodes';
import { pdfPages } from '../documents/pdf-text';
import { dallasPlace, pallet, type QuoteData } from '../shipments/booking-fixtures';
import { book, bookingBody, everyCountryBusinessDay, text } from '../shipments/test-helpers';
import { startPacSimulator } from './pac.simulator';
import { schemaErrors } from './sat-schemas';

const PAC = { user: 'portal-test', password: 'test-password-1234', issuerRfc: 'EKU9003173C9' };

let t: TestApp;
let shipper: TestClient;
let pac: Awaited<ReturnType<typeof startPacSimulator>>;
beforeAll(async () => {
  let clock: () => Date = () => new Date();
  pac = await startPacSimulator({ ...PAC, now: () => clock() });
  t = await createTestApp({ PAC_URL: pac.url, PAC_USER: PAC.user, PAC_PASSWORD: PAC.password });
  clock = () => t.clock.now;
  shipper = await t.client().login('shipper@demo.test');
});
afterAll(async () => {
  await t.close();
  await pac.close();
});

const end = (postal_code: string, country: string) => ({ postal_code, country, site_type: 'business' });
const flat = (pages: { text: string }[]) => pages.map((p) => p.text.replace(/\s+/g, ' ')).join(' ');

async function bookAcross(origin: object, destination: object, places: object, tax_id: string) {
  const quoted = await shipper.post('/api/quotes', {
    mode: 'ltl',
    pickup_date: everyCountryBusinessDay(t),
    origin,
    destination,
    items: [pallet],
    accessorials: [],
    insured_value: 0,
  });
  expect(quoted.statusCode, quoted.body).toBe(201);
  const q = quoted.json().data as QuoteData;
  const [from, to] = [(origin as { country: string }).country, (destination as { country: string }).country];
  const customs = { incoterm: 'DAP', currency: 'USD', items: [usmcaItem], brokers: [ourBroker(from), ourBroker(to)], tax_id };
  const res = await book(shipper, bookingBody(q, { ...places, customs }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: string;
    bol_number: string;
    documents: { kind: string; url: string; language: string; copy: { url: string } | null }[];
  };
}

describe('the Carta Porte of a Mexican leg', () => {
  it('is stamped once the pedimento is recorded, checked against the SAT schema, and kept; a new pedimento stamps a new version', async () => {
    const s = await bookAcross(end('60606', 'US'), end('64000', 'MX'), { delivery: monterreyPlace }, 'ANE010203XY9');
    const listed = s.documents.find((d) => d.kind === 'carta_porte');
    expect(listed?.url).toBe(`/api/shipments/${s.id}/documents/carta_porte`);

    // Into Mexico the goods travel under the broker's pedimento: none yet, no Carta Porte.
    const early = await shipper.get(listed?.url ?? '');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(text('errors.carta_porte_pedimento'));

    expect((await shipper.put(`/api/shipments/${s.id}/customs-entry`, { entry_number: '262434566001234' })).statusCode).toBe(200);
    const res = await shipper.get(listed?.url ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toContain(`Carta-Porte-${s.bol_number}-v1.xml`);
    const xml = res.body;
    expect(await schemaErrors(xml)).toEqual([]);
    expect(cfdiAttribute(xml, 'cfdi:Comprobante', 'TipoDeComprobante')).toBe('T');
    expect(cfdiAttribute(xml, 'cfdi:Comprobante', 'Folio')).toBe(s.bol_number);
    expect(cfdiAttribute(xml, 'cfdi:Emisor', 'Rfc')).toBe('EKU9003173C9');
    expect(cfdiAttribute(xml, 'cartaporte31:CartaPorte', 'Version')).toBe('3.1');
    expect(cfdiAttribute(xml, 'cartaporte31:CartaPorte', 'TranspInternac')).toBe('Sí');
    expect(cfdiAttribute(xml, 'cartaporte31:CartaPorte', 'EntradaSalidaMerc')).toBe('Entrada');
    expect(cfdiAttribute(xml, 'cartaporte31:CartaPorte', 'PaisOrigenDestino')).toBe('USA');
    expect(cfdiAttribute(xml, 'cartaporte31:CartaPorte', 'IdCCP')).toMatch(/^CCC[0-9a-f]{5}-/);
    // The leg runs from the Mexican side of the port (the foreign shipper, generic RFC) to the consignee.
    expect(xml).toMatch(
      /TipoUbicacion="Origen"[^>]*RFCRemitenteDestinatario="XEXX010101000"[^>]*ResidenciaFiscal="USA".*?<cartaporte31:Domicilio Estado="TAM" Pais="MEX" CodigoPostal="88000"/,
    );
    expect(xml).toMatch(
      /TipoUbicacion="Destino"[^>]*RFCRemitenteDestinatario="ANE010203XY9".*?<cartaporte31:Domicilio Estado="NLE" Pais="MEX" CodigoPostal="64000"/,
    );
    expect(Number(cfdiAttribute(xml, 'cartaporte31:Ubicacion TipoUbicacion="Destino"', 'DistanciaRecorrida'))).toBeGreaterThan(150);
    // The good by its SAT key and unit, with its tariff fraction and the pedimento it entered under.
    expect(cfdiAttribute(xml, 'cartaporte31:Mercancia', 'BienesTransp')).toBe('43211503');
    expect(cfdiAttribute(xml, 'cartaporte31:Mercancia', 'ClaveUnidad')).toBe('XPX');
    expect(cfdiAttribute(xml, 'cartaporte31:Mercancia', 'FraccionArancelaria')).toBe('84713001');
    expect(cfdiAttribute(xml, 'cartaporte31:DocumentacionAduanera', 'NumPedimento')).toBe('26  24  3456  6001234');
    expect(cfdiAttribute(xml, 'cartaporte31:DocumentacionAduanera', 'RFCImpo')).toBe('ANE010203XY9');
    // The truck and driver are the Mexican carrier's, not the shipper's.
    expect(cfdiAttribute(xml, 'cartaporte31:Autotransporte', 'PermSCT')).toBe('TPAF01');
    expect(cfdiAttribute(xml, 'cartaporte31:Seguros', 'AseguraRespCivil')).toBe('Seguros Demo Frontera');
    expect(['15AK3D', '27BN8F', '41CM6H']).toContain(cfdiAttribute(xml, 'cartaporte31:IdentificacionVehicular', 'PlacaVM'));
    expect(['TESR800315AB1', 'CARA850722CD2']).toContain(cfdiAttribute(xml, 'cartaporte31:TiposFigura', 'RFCFigura'));
    // Stamped by the certifier.
    const uuid = cfdiAttribute(xml, 'tfd:TimbreFiscalDigital', 'UUID');
    expect(uuid).toMatch(/^[0-9A-F-]{36}$/);

    // Its printed copy, in Spanish with the reader's English copy: the folio, the goods, the truck,
    // and the QR code of the SAT's verification.
    const printed = s.documents.find((d) => d.kind === 'carta_porte_pdf');
    expect(printed).toMatchObject({ language: 'es', copy: { url: `${printed?.url}?language=en` } });
    expect(listed).toMatchObject({ language: 'es', copy: null });
    const pdf = await shipper.get(printed?.url ?? '');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const impresa = flat(await pdfPages(pdf.rawPayload));
    for (const part of [
      'CARTA PORTE',
      'Representación impresa de un CFDI',
      `${uuid}`,
      '43211503',
      'Pedimento 26 24 3456 6001234',
      'Seguros Demo Frontera',
      'Entrada a México desde USA',
    ]) {
      expect(impresa).toContain(part);
    }
    expect((await pdfBarcodes(pdf.rawPayload, ['QRCode'])).flat()).toEqual([verificationUrl(xml)]);
    expect(verificationUrl(xml)).toContain(`id=${uuid}&re=EKU9003173C9&rr=EKU9003173C9&tt=0.000000&fe=`);
    const english = flat(await pdfPages((await shipper.get(printed?.copy?.url ?? '')).rawPayload));
    for (const part of ['Printed copy of a CFDI', 'Fiscal folio (UUID)', 'Entering Mexico from USA']) {
      expect(english).toContain(part);
    }

    // The same document on the next download; staff read it too.
    expect(cfdiAttribute((await shipper.get(listed?.url ?? '')).body, 'tfd:TimbreFiscalDigital', 'UUID')).toBe(uuid);
    const staff = await t.client().login('ops@demo.test');
    expect(
      cfdiAttribute((await staff.get(`/api/admin/shipments/${s.id}/documents/carta_porte`)).body, 'tfd:TimbreFiscalDigital', 'UUID'),
    ).toBe(uuid);

    // A corrected pedimento: a new version names it, the first is kept.
    await shipper.put(`/api/shipments/${s.id}/customs-entry`, { entry_number: '262434566009999' });
    const second = await shipper.get(listed?.url ?? '');
    expect(second.headers['content-disposition']).toContain('-v2.xml');
    expect(cfdiAttribute(second.body, 'cartaporte31:DocumentacionAduanera', 'NumPedimento')).toBe('26  24  3456  6009999');
    expect(cfdiAttribute(second.body, 'tfd:TimbreFiscalDigital', 'UUID')).not.toBe(uuid);
    const kept = await t.database.db.select().from(cartaPortes).where(eq(cartaPortes.shipmentId, s.id));
    expect(kept.map((v) => [v.version, v.reason])).toEqual(
      expect.arrayContaining([
        [1, null],
        [2, 'pedimento'],
      ]),
    );

    // Both are listed, newest first, and the first downloads as it was stamped (XML and print).
    const versions = await shipper.get(`/api/shipments/${s.id}/carta-porte-versions`);
    expect(versions.json().data).toEqual([
      expect.objectContaining({ version: 2, reason: 'pedimento', customs_version: 1 }),
      expect.objectContaining({ version: 1, reason: null, uuid, customs_version: 1 }),
    ]);
    expect((await staff.get(`/api/admin/shipments/${s.id}/carta-porte-versions`)).json().data).toHaveLength(2);
    const first = await shipper.get(`${listed?.url}?version=1`);
    expect(first.headers['content-disposition']).toContain('-v1.xml');
    expect(cfdiAttribute(first.body, 'tfd:TimbreFiscalDigital', 'UUID')).toBe(uuid);
    expect(flat(await pdfPages((await shipper.get(`${printed?.url}?version=1`)).rawPayload))).toContain('Pedimento 26 24 3456 6001234');
    expect((await shipper.get(`${listed?.url}?version=3`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(cartaPortes).where(eq(cartaPortes.shipmentId, s.id))).toHaveLength(2);

    // Another account's shipment is not found.
    const other = await t.client().login('other@demo.test');
    expect((await other.get(listed?.url ?? '')).statusCode).toBe(404);
    expect((await other.get(`/api/shipments/${s.id}/carta-porte-versions`)).statusCode).toBe(404);
  });

  it('leaving Mexico runs from the Mexican shipper to the port, without a pedimento', async () => {
    const s = await bookAcross(end('64000', 'MX'), end('75201', 'US'), { pickup: monterreyPlace, delivery: dallasPlace() }, 'ANE010203XY9');
    const res = await shipper.get(`/api/shipments/${s.id}/documents/carta_porte`);
    expect(res.statusCode, res.body).toBe(200);
    const xml = res.body;
    expect(cfdiAttribute(xml, 'cartaporte31:CartaPorte', 'EntradaSalidaMerc')).toBe('Salida');
    expect(xml).toContain('RegimenAduanero="EXD"');
    expect(xml).toMatch(/TipoUbicacion="Origen"[^>]*RFCRemitenteDestinatario="ANE010203XY9"/);
    expect(xml).toMatch(/TipoUbicacion="Destino"[^>]*RFCRemitenteDestinatario="XEXX010101000"[^>]*ResidenciaFiscal="USA"/);
    expect(xml).not.toContain('DocumentacionAduanera');
  });

  it('is not a document of a crossing that does not touch Mexico, nor of a domestic shipment', async () => {
    const quoted = await shipper.post('/api/quotes', {
      mode: 'ltl',
      pickup_date: everyCountryBusinessDay(t),
      origin: end('60606', 'US'),
      destination: end('75201', 'US'),
      items: [pallet],
      accessorials: [],
      insured_value: 0,
    });
    const home = await book(shipper, bookingBody(quoted.json().data as QuoteData));
    const s = home.json().data as { id: string; documents: { kind: string }[] };
    expect(s.documents.map((d) => d.kind)).not.toContain('carta_porte');
    expect((await shipper.get(`/api/shipments/${s.id}/documents/carta_porte`)).statusCode).toBe(404);
    expect((await shipper.get(`/api/shipments/${s.id}/carta-porte-versions`)).statusCode).toBe(404);
  });
});
