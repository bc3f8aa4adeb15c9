import { type CsvImportReport, PART_CSV_COLUMNS, type Part, type PartSuggestion } from '@freight/contracts';
import { STAFF_ROLES } from '@freight/domain';
import { and, count, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, partCatalog, userSettings, users } from '../../db/schema';
import { DEMO_STAFF } from '../../db/seed';
import { DEMO_PART_VALUES } from '../../db/seed-parts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { PART_TEMPLATE_ROW } from './part-catalog.service';

let t: TestApp;
let ops: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  ops = await t.client().login('ops@demo.test');
});
afterAll(async () => {
  await t.close();
});

const BASE = '/api/admin/part-catalog';
const SAVE_FAILED = 'Error saving part. Check all inputs and try again.';
const chairs = {
  description_en: 'Stacking chairs, steel frame',
  description_es: 'Sillas apilables, armazón de acero',
  nmfc_item: '79300',
  nmfc_sub: '05',
  freight_class: 175,
  density_based: false,
  hazardous: false,
};
const part = (overrides: Record<string, unknown> = {}) => ({ ...chairs, ...overrides });

async function create(c: TestClient, body: object) {
  const res = await c.post(BASE, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Part;
}
const del = (c: TestClient, url: string) => c.request({ method: 'DELETE', url });
const auditOf = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);
/** The demo catalog again, so each block starts from the same parts. */
async function demoCatalogOnly() {
  await t.database.db.delete(partCatalog).where(
    notInArray(
      partCatalog.descriptionEn,
      DEMO_PART_VALUES.map((p) => p.description_en),
    ),
  );
}

describe('part CRUD', () => {
  beforeEach(demoCatalogOnly);

  it('creates (201), reads, updates and deletes (204) a part, each write audited with who and before/after', async () => {
    const created = await create(ops, part());
    expect(created).toMatchObject(chairs);
    expect(Object.keys(created).sort()).toEqual([...PART_CSV_COLUMNS, 'id', 'created_at', 'updated_at'].sort());
    expect((await ops.get(`${BASE}/${created.id}`)).json()).toEqual({ data: created });

    t.clock.advanceMinutes(3);
    const put = await ops.put(`${BASE}/${created.id}`, part({ freight_class: null, density_based: true, hazardous: true }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ freight_class: null, density_based: true, hazardous: true });
    expect(put.json().data.updated_at).toBe(t.clock.now.toISOString());

    expect((await del(ops, `${BASE}/${created.id}`)).statusCode).toBe(204);
    expect((await ops.get(`${BASE}/${created.id}`)).statusCode).toBe(404);
    expect((await del(ops, `${BASE}/${created.id}`)).statusCode).toBe(404);

    const entries = await auditOf(created.id);
    expect(entries.map((e) => e.action)).toEqual(['part.create', 'part.update', 'part.delete']);
    expect(entries.every((e) => e.actorEmail === 'ops@demo.test' && e.entityType === 'part')).toBe(true);
    expect(entries[0]).toMatchObject({ before: null, after: chairs });
    // An edit keeps only what changed.
    expect(entries[1]).toMatchObject({
      before: { freight_class: 175, density_based: false, hazardous: false },
      after: { freight_class: null, density_based: true, hazardous: true },
    });
    expect(Object.keys(entries[1]!.after as object).sort()).toEqual(['density_based', 'freight_class', 'hazardous']);
    expect(entries[2]).toMatchObject({ before: { ...chairs, freight_class: null, density_based: true, hazardous: true }, after: null });
  });

  it('answers 422 with translated field errors: descriptions, NMFC digits, class or density-based', async () => {
    const res = await ops.post(BASE, {
      description_en: ' ',
      nmfc_item: '79-300',
      nmfc_sub: '123',
      freight_class: 80,
      density_based: false,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: SAVE_FAILED,
      errors: {
        description_en: ['Field is required'],
        description_es: ['Field is required'],
        nmfc_item: ['Enter the NMFC item number (up to 6 digits)'],
        nmfc_sub: ['Enter the NMFC sub as 1 or 2 digits, or leave it empty'],
        freight_class: ['Choose a valid freight class'],
      },
    });
    const both = await ops.post(BASE, part({ density_based: true }));
    expect(both.json().errors).toEqual({ freight_class: ['A density-based part has no fixed class: leave the class empty'] });
    const neither = await ops.post(BASE, part({ freight_class: null }));
    expect(neither.json().errors).toEqual({ freight_class: ["Choose the part's freight class, or mark it density-based"] });

    // In the caller's language.
    const [staff] = await t.database.db.select().from(users).where(eq(users.email, 'sales@demo.test'));
    await t.database.db.update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, staff!.id));
    try {
      const es = await (await t.client().login('sales@demo.test')).post(BASE, part({ nmfc_item: 'x' }));
      expect(es.json()).toMatchObject({
        message: 'Error al guardar la pieza. Revise todos los campos e inténtelo de nuevo.',
        errors: { nmfc_item: ['Ingrese el número de artículo NMFC (hasta 6 dígitos)'] },
      });
    } finally {
      await t.database.db.update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, staff!.id));
    }
    expect(await t.database.db.select().from(partCatalog).where(eq(partCatalog.nmfcItem, '79-300'))).toEqual([]);
  });

  it('refuses a second part with the same English description (any case) and NMFC; unknown ids are 404', async () => {
    const first = await create(ops, part());
    const again = await ops.post(BASE, part({ description_en: '  STACKING chairs,   steel frame ' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ description_en: ['A part with this English description and NMFC is already in the catalog'] });
    // Another sub is another part; editing a part to itself is no duplicate.
    const other = await create(ops, part({ nmfc_sub: '06' }));
    expect((await ops.put(`${BASE}/${first.id}`, part({ hazardous: true }))).statusCode).toBe(200);
    expect((await ops.put(`${BASE}/${other.id}`, part())).statusCode).toBe(422);
    expect((await ops.get(`${BASE}/not-a-uuid`)).statusCode).toBe(404);
    expect((await ops.put(`${BASE}/00000000-0000-4000-8000-000000000000`, part())).statusCode).toBe(404);
  });
});

describe('part list', () => {
  beforeEach(demoCatalogOnly);

  it('searches either description (accents and case aside) or the NMFC, filters the flags, sorts and pages', async () => {
    const page = async (query: string) => (await ops.get(`${BASE}?${query}`)).json() as { data: Part[]; meta: { total: number } };
    const all = await page('per_page=100');
    expect(all.meta.total).toBe(DEMO_PART_VALUES.length);
    expect(all.data.map((p) => p.description_en)).toEqual(
      [...all.data.map((p) => p.description_en)].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
    );

    expect((await page('q=llantas')).data.map((p) => p.nmfc_item)).toEqual(['190540']);
    expect((await page('q=BATERIAS')).data.map((p) => p.nmfc_item)).toEqual(['60400']);
    expect((await page('q=149980')).data).toHaveLength(2);
    expect((await page('q=149980-01')).data.map((p) => p.description_en)).toEqual(['Paint, oil-based, flammable, in cans']);
    expect((await page('q=paint%20cans')).data.map((p) => p.description_en).sort()).toEqual([
      'Paint, oil-based, flammable, in cans',
      'Paint, water-based (latex), in cans',
    ]);
    expect((await page('q=100%25')).data).toEqual([]);

    const hazardous = await page('hazardous=yes&per_page=100');
    expect(hazardous.meta.total).toBe(DEMO_PART_VALUES.filter((p) => p.hazardous).length);
    expect(hazardous.data.every((p) => p.hazardous)).toBe(true);
    const density = await page('density_based=yes&per_page=100');
    expect(density.data.every((p) => p.density_based && p.freight_class === null)).toBe(true);
    expect((await page('density_based=no&per_page=100')).meta.total).toBe(DEMO_PART_VALUES.length - density.meta.total);

    const byClass = await page('sort=freight_class&dir=desc&per_page=3');
    expect(byClass.data.map((p) => p.freight_class)).toEqual([null, null, null]);
    const cheapest = await page('sort=freight_class&per_page=1');
    expect(cheapest.data[0]!.freight_class).toBe(50);
    const second = await page('sort=nmfc&per_page=2&page=2');
    expect(second.data).toHaveLength(2);
    expect((await ops.get(`${BASE}?sort=colour`)).statusCode).toBe(422);
    expect((await ops.get(`${BASE}?hazardous=maybe`)).statusCode).toBe(422);
  });
});

describe('doors', () => {
  it('opens the admin routes to every staff role and to no customer or guest', async () => {
    for (const s of DEMO_STAFF) {
      const c = await t.client().login(s.email);
      const expected = STAFF_ROLES.includes(s.role) ? 200 : 403;
      expect((await c.get(BASE)).statusCode, s.email).toBe(expected);
      expect((await c.get(`${BASE}/export.csv`)).statusCode, s.email).toBe(expected);
    }
    const shipper = await t.client().login('shipper@demo.test');
    for (const url of [BASE, `${BASE}/template.csv`, `${BASE}/export.csv`]) expect((await shipper.get(url)).statusCode).toBe(403);
    expect((await shipper.post(BASE, part())).statusCode).toBe(403);
    const upload = await shipper.request({
      method: 'POST',
      url: `${BASE}/import`,
      payload: 'x',
      headers: { 'content-type': 'text/csv' },
    });
    expect(upload.statusCode).toBe(403);
    expect((await t.client().get(BASE)).statusCode).toBe(401);
    expect((await t.client().get('/api/part-catalog/suggestions?q=paint')).statusCode).toBe(401);
  });
});

describe('CSV', () => {
  beforeEach(demoCatalogOnly);
  const upload = (c: TestClient, csv: string, query = '?dry_run=1') =>
    c.request({ method: 'POST', url: `${BASE}/import${query}`, payload: csv, headers: { 'content-type': 'text/csv' } });
  const lines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('downloads the template with the columns and an example row', async () => {
    const res = await ops.get(`${BASE}/template.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="part-catalog-template.csv"');
    expect(lines(res.body)).toEqual([
      PART_CSV_COLUMNS.join(','),
      `"${PART_TEMPLATE_ROW.description_en}","${PART_TEMPLATE_ROW.description_es}",79300,03,250,false,false,940161`,
    ]);
  });

  it('checks row by row, reports bad lines and duplicates, then writes the good rows in one transaction, each audited', async () => {
    const csv = [
      'NMFC_ITEM,description_en,description_es,nmfc_sub,freight_class,density_based,hazardous',
      '12345,Garden hoses,Mangueras de jardín,,85,no,no',
      'abc,Bad item,Artículo malo,,85,no,no',
      '23456,Fans,Ventiladores,,,yes,no',
      '23457,Both,Ambos,,70,yes,maybe',
      '79300,"FURNITURE, UPHOLSTERED  chairs, assembled",Otra,03,250,false,false',
      '12345,garden  HOSES,Otra,,85,no,no',
    ].join('\n');
    const check = await upload(ops, csv);
    expect(check.statusCode, check.body).toBe(200);
    const report = check.json() as CsvImportReport;
    expect(report).toMatchObject({ rows_total: 6, rows_valid: 2, imported: 0 });
    expect(report.errors).toEqual([
      { line: 3, field: 'nmfc_item', message: 'Enter the NMFC item number (up to 6 digits)' },
      { line: 5, field: 'freight_class', message: 'A density-based part has no fixed class: leave the class empty' },
      { line: 5, field: 'hazardous', message: expect.any(String) },
    ]);
    expect(report.duplicates).toEqual([
      { line: 6, of: 'book', existing_id: expect.any(String), duplicate_of_line: null },
      { line: 7, of: 'file', existing_id: null, duplicate_of_line: 2 },
    ]);
    expect(await t.database.db.select().from(partCatalog).where(eq(partCatalog.nmfcItem, '12345'))).toEqual([]);

    const written = (await upload(ops, csv, '')).json() as CsvImportReport;
    expect(written).toMatchObject({ rows_valid: 2, imported: 2 });
    const fans = await t.database.db.select().from(partCatalog).where(eq(partCatalog.nmfcItem, '23456'));
    expect(fans[0]).toMatchObject({ densityBased: true, freightClass: null, descriptionEs: 'Ventiladores' });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'part.import'), eq(auditLog.entityId, fans[0]!.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: 'ops@demo.test', before: null, after: { nmfc_item: '23456', density_based: true } });
  });

  it('imports a file of more than one chunk in one go, every part with its audit entry', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) => `Bulk part ${i},Pieza a granel ${i},${300_000 + i},,70,false,false,`);
    const report = (await upload(ops, [PART_CSV_COLUMNS.join(','), ...rows].join('\n'), '')).json() as CsvImportReport;
    expect(report).toMatchObject({ rows_total: 1_200, imported: 1_200, errors: [], duplicates: [] });
    const [audited] = await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'part.import'));
    expect(audited!.n).toBeGreaterThanOrEqual(1_200);
  });

  it('exports the filtered view with formulas neutralised, and the export imports back as duplicates only', async () => {
    await create(ops, part({ description_en: '=HYPERLINK("http://evil.example")', description_es: '@SUM(A1)', hazardous: true }));
    const res = await ops.get(`${BASE}/export.csv?hazardous=yes&sort=nmfc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="part-catalog.csv"');
    const body = lines(res.body);
    expect(body[0]).toBe(PART_CSV_COLUMNS.join(','));
    expect(body).toHaveLength(1 + DEMO_PART_VALUES.filter((p) => p.hazardous).length + 1);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"")",'@SUM(A1),79300,05,175,false,true`);
    const again = (await upload(ops, res.body, '')).json() as CsvImportReport;
    expect(again).toMatchObject({ imported: 0, errors: [] });
    expect(again.duplicates).toHaveLength(body.length - 1);
  });
});

describe('suggestions', () => {
  beforeEach(demoCatalogOnly);
  const suggest = async (c: TestClient, query: string) => {
    const res = await c.get(`/api/part-catalog/suggestions?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PartSuggestion[];
  };

  it('suggests up to 8 parts to a customer, prefix matches first, in the language asked for', async () => {
    const shipper = await t.client().login('shipper@demo.test');
    const paint = await suggest(shipper, 'q=paint');
    expect(paint.map((p) => p.description)).toEqual([
      'Paint, oil-based, flammable, in cans',
      'Paint, water-based (latex), in cans',
      'Aerosols, spray paint, in boxes',
    ]);
    expect(paint[0]).toEqual({
      id: expect.any(String),
      description: 'Paint, oil-based, flammable, in cans',
      nmfc_item: '149980',
      nmfc_sub: '01',
      nmfc: '149980-01',
      freight_class: 55,
      density_based: false,
      hazardous: true,
      hs_code: '320810',
    });
    // Spanish descriptions, matched without accents; an English word finds the Spanish text too.
    const es = await suggest(shipper, 'q=bateria&language=es');
    expect(es.map((p) => p.description)).toEqual(['Baterías de almacenamiento, húmedas, de plomo-ácido']);
    expect((await suggest(shipper, 'q=tires&language=es')).map((p) => p.description)).toEqual(['Llantas neumáticas de hule, nuevas']);
    // By NMFC, and a density-based part says so.
    expect((await suggest(shipper, 'q=1566')).map((p) => [p.nmfc, p.freight_class, p.density_based])).toEqual([['156600', null, true]]);
    // At most 8; fewer than 2 characters suggest nothing.
    expect((await suggest(shipper, 'q=es')).length).toBeLessThanOrEqual(8);
    expect(await suggest(shipper, 'q=a')).toEqual([]);
    expect(await suggest(shipper, 'q=%25%25')).toEqual([]);
    expect((await shipper.get('/api/part-catalog/suggestions?q=x&language=fr')).statusCode).toBe(422);
  });

  it("uses the reader's language when none is asked for; staff may ask too", async () => {
    const [shipper] = await t.database.db.select().from(users).where(eq(users.email, 'other@demo.test'));
    await t.database.db.update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, shipper!.id));
    try {
      const c = await t.client().login('other@demo.test');
      expect((await suggest(c, 'q=pintura')).map((p) => p.description)).toContain('Pintura a base de agua (látex), en latas');
    } finally {
      await t.database.db.update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, shipper!.id));
    }
    expect((await suggest(ops, 'q=lumber'))[0]).toMatchObject({ nmfc: '108800', freight_class: 50 });
  });
});
