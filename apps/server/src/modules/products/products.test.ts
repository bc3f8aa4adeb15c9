import { type CsvImportReport, PRODUCT_CSV_COLUMNS, type Product } from '@freight/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, products, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SAVE_FAILED = 'Error saving product. Check all inputs and try again.';
const pallet = {
  description: 'Hydraulic pump 5HP',
  product_number: 'HP-500',
  nmfc: '116030',
  sat: '40151500',
  package_type: 'pallets',
  freight_class: 85,
  length_in: 48,
  width_in: 40,
  height_in: 36.5,
  weight_lb: 412.5,
  hazardous: false,
};
const product = (overrides: Record<string, unknown> = {}) => ({ ...pallet, ...overrides });

/** The other demo account starts with no products; each test that lists starts it empty again. */
const other = async () => t.client().login('other@demo.test');
async function accountIdOf(email: string) {
  const [u] = await t.database.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, email));
  return u!.accountId!;
}
async function emptyCatalog(email: string) {
  await t.database.db.delete(products).where(eq(products.accountId, await accountIdOf(email)));
}
async function create(c: TestClient, body: object) {
  const res = await c.post('/api/products', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Product;
}

describe('product CRUD', () => {
  beforeEach(() => emptyCatalog('other@demo.test'));

  it('creates (201), reads, updates and deletes (204) a product with exactly the contract fields', async () => {
    const c = await other();
    const created = await create(c, product());
    expect(Object.keys(created).sort()).toEqual(
      [
        'created_at',
        'description',
        'freight_class',
        'hazardous',
        'height_in',
        'hs_code',
        'id',
        'length_in',
        'nmfc',
        'package_type',
        'product_number',
        'sat',
        'updated_at',
        'weight_lb',
        'width_in',
      ].sort(),
    );
    expect(created).toMatchObject(pallet);
    expect(created.created_at).toBe(t.clock.now.toISOString());
    expect(created.updated_at).toBe(created.created_at);

    const read = await c.get(`/api/products/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: created });

    t.clock.advanceMinutes(5);
    const put = await c.put(
      `/api/products/${created.id}`,
      product({ description: '  Pump, 5 HP  ', hazardous: true, freight_class: 77.5 }),
    );
    expect(put.statusCode).toBe(200);
    const updated = put.json().data as Product;
    expect(updated).toMatchObject({ id: created.id, description: 'Pump, 5 HP', hazardous: true, freight_class: 77.5 });
    expect(updated.created_at).toBe(created.created_at);
    expect(updated.updated_at).toBe(t.clock.now.toISOString());

    const del = await c.request({ method: 'DELETE', url: `/api/products/${created.id}` });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await c.get(`/api/products/${created.id}`)).statusCode).toBe(404);
    expect((await c.request({ method: 'DELETE', url: `/api/products/${created.id}` })).statusCode).toBe(404);
  });

  it('fills the defaults of the optional fields and records who created it', async () => {
    const c = await other();
    const created = await create(c, {
      description: 'Carton of gaskets',
      package_type: 'boxes',
      length_in: 12,
      width_in: 10,
      height_in: 8,
      weight_lb: 9,
    });
    expect(created).toMatchObject({ product_number: '', nmfc: '', sat: '', freight_class: null, hazardous: false });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, created.id));
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'other@demo.test'));
    expect(row).toMatchObject({ createdBy: u!.id, accountId: u!.accountId });
  });

  it("refuses bad input with 422, the spec's message and each field's reason, in the user's language", async () => {
    const c = await other();
    const res = await c.post('/api/products', {
      description: '  ',
      product_number: 'x'.repeat(65),
      sat: '1234',
      package_type: 'barrels',
      freight_class: 80,
      length_in: 0,
      width_in: -1,
      height_in: 100_001,
      hazardous: 'yes',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: SAVE_FAILED,
      code: 'validation',
      errors: {
        description: ['Field is required'],
        product_number: ['This value is too long'],
        sat: ['Enter the 8-digit SAT key'],
        package_type: ['Choose one of the listed options'],
        freight_class: ['Choose a valid freight class'],
        length_in: ['Enter a number greater than zero'],
        width_in: ['Enter a number greater than zero'],
        height_in: ['This value is too large'],
        weight_lb: ['Field is required'],
        hazardous: ['Choose one of the listed options'],
      },
    });

    // The update says the same; nothing was stored.
    const created = await create(c, product());
    const put = await c.put(`/api/products/${created.id}`, product({ weight_lb: 'heavy' }));
    expect(put.statusCode).toBe(422);
    expect(put.json()).toEqual({ message: SAVE_FAILED, code: 'validation', errors: { weight_lb: ['Field is required'] } });
    expect((await c.get(`/api/products/${created.id}`)).json().data).toEqual(created);

    await c.put('/api/settings', { language: 'es' });
    try {
      const es = await c.post('/api/products', product({ description: '' }));
      expect(es.json()).toEqual({
        message: 'Error al guardar el producto. Revise todos los campos e inténtelo de nuevo.',
        code: 'validation',
        errors: { description: ['Campo obligatorio'] },
      });
    } finally {
      await c.put('/api/settings', { language: 'en' });
    }
    expect((await c.get('/api/products')).json().meta.total).toBe(1);
  });

  it('keeps a product number unique in the account, any case, but not across accounts', async () => {
    const c = await other();
    const first = await create(c, product());
    const taken = await c.post('/api/products', product({ product_number: ' hp-500 ', description: 'Another pump' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: SAVE_FAILED,
      code: 'validation',
      errors: { product_number: ['This product number is already in your catalog'] },
    });

    // Products without a number never clash; a product keeps its own number on update.
    await create(c, product({ product_number: '', description: 'No number A' }));
    await create(c, product({ product_number: '', description: 'No number B' }));
    expect((await c.put(`/api/products/${first.id}`, product({ product_number: 'HP-500', weight_lb: 400 }))).statusCode).toBe(200);

    const second = await create(c, product({ product_number: 'HP-600' }));
    const clash = await c.put(`/api/products/${second.id}`, product({ product_number: 'Hp-500' }));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ product_number: ['This product number is already in your catalog'] });
    expect((await c.get(`/api/products/${second.id}`)).json().data.product_number).toBe('HP-600');

    // The database holds the rule too (a race between the check and the insert).
    const accountId = await accountIdOf('other@demo.test');
    const insertTwin = t.database.db.insert(products).values({
      accountId,
      description: 'x',
      productNumber: 'hp-500',
      packageType: 'boxes',
      lengthIn: 1,
      widthIn: 1,
      heightIn: 1,
      weightLb: 1,
    });
    await expect(insertTwin).rejects.toThrow();

    const shipper = await t.client().login('shipper@demo.test');
    const theirs = await create(shipper, product({ product_number: 'hp-600' }));
    await shipper.request({ method: 'DELETE', url: `/api/products/${theirs.id}` });
  });

  it('answers 404 for an id of another account or not a UUID, and changes nothing', async () => {
    const c = await other();
    const mine = await create(c, product());
    const shipper = await t.client().login('shipper@demo.test');
    const url = `/api/products/${mine.id}`;
    for (const res of [
      await shipper.get(url),
      await shipper.put(url, product({ description: 'Hijacked' })),
      await shipper.request({ method: 'DELETE', url }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
    expect((await c.get(url)).json().data).toEqual(mine);
    expect((await shipper.get('/api/products')).json().data.map((p: Product) => p.id)).not.toContain(mine.id);
    expect((await c.get('/api/products/not-a-uuid')).statusCode).toBe(404);
    expect((await c.put('/api/products/not-a-uuid', product())).statusCode).toBe(404);
    expect((await c.request({ method: 'DELETE', url: '/api/products/not-a-uuid' })).statusCode).toBe(404);
    expect((await c.get('/api/products/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses anonymous callers (401), staff and unverified users (403), whatever the body, and needs the CSRF header (419)', async () => {
    const c = await other();
    const mine = await create(c, product());
    const anon = t.client();
    expect((await anon.get('/api/products')).statusCode).toBe(401);
    expect((await anon.post('/api/products', {})).statusCode).toBe(401);
    expect((await anon.get(`/api/products/${mine.id}`)).statusCode).toBe(401);
    expect((await anon.put(`/api/products/${mine.id}`, {})).statusCode).toBe(401);
    expect((await anon.request({ method: 'DELETE', url: `/api/products/${mine.id}` })).statusCode).toBe(401);
    expect((await anon.get('/api/products?sort=nope')).statusCode).toBe(401);

    const staff = await t.client().login('admin@demo.test');
    expect((await staff.get('/api/products')).statusCode).toBe(403);
    expect((await staff.post('/api/products', { description: '' })).statusCode).toBe(403);
    expect((await staff.get(`/api/products/${mine.id}`)).statusCode).toBe(403);
    expect((await staff.request({ method: 'DELETE', url: `/api/products/${mine.id}` })).statusCode).toBe(403);

    expect((await c.request({ method: 'POST', url: '/api/products', payload: product(), csrf: false })).statusCode).toBe(419);
    expect((await c.request({ method: 'DELETE', url: `/api/products/${mine.id}`, csrf: false })).statusCode).toBe(419);

    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'other@demo.test'));
    try {
      const res = await c.get('/api/products');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('email_unverified');
      expect((await c.post('/api/products', {})).json().code).toBe('email_unverified');
    } finally {
      await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now }).where(eq(users.email, 'other@demo.test'));
    }
    expect((await c.get(`/api/products/${mine.id}`)).statusCode).toBe(200);
  });
});

describe('GET /api/products: search, sort and paging', () => {
  const catalog = [
    { description: 'Steel drum 55 gal', product_number: 'DR-55', nmfc: '41160', package_type: 'drums', freight_class: 65, weight_lb: 40 },
    { description: 'Office chairs', product_number: 'CH-10', nmfc: '79300', package_type: 'boxes', freight_class: 250, weight_lb: 35 },
    { description: 'alpha widgets 100%', product_number: '', nmfc: '', package_type: 'crates', freight_class: null, weight_lb: 120 },
    { description: 'Bolts_M8', product_number: 'B_8', nmfc: '', package_type: 'pails', freight_class: 70, weight_lb: 55 },
    { description: 'Paper rolls', product_number: 'PR-1', nmfc: '161040', package_type: 'rolls', freight_class: 55, weight_lb: 900 },
  ];
  let ids: Record<string, string>;
  beforeAll(async () => {
    await emptyCatalog('other@demo.test');
    const c = await other();
    ids = {};
    for (const p of catalog) {
      ids[p.description] = (await create(c, { ...p, length_in: 20, width_in: 20, height_in: 20 })).id;
      t.clock.advanceMinutes(1);
    }
  });
  const list = async (query: string, c?: TestClient) => {
    const res = await (c ?? (await other())).get(`/api/products${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Product[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };
  };
  const names = (page: { data: Product[] }) => page.data.map((p) => p.description);

  it('lists by description (any case) by default, with the paging meta; per_page defaults to the user setting', async () => {
    const page = await list('');
    expect(names(page)).toEqual(['alpha widgets 100%', 'Bolts_M8', 'Office chairs', 'Paper rolls', 'Steel drum 55 gal']);
    expect(page.meta).toEqual({ current_page: 1, per_page: 25, total: 5, last_page: 1 });

    const c = await other();
    const accountUser = (await t.database.db.select().from(users).where(eq(users.email, 'other@demo.test')))[0]!;
    await t.database.db.update(userSettings).set({ recordsPerPage: 2 }).where(eq(userSettings.userId, accountUser.id));
    try {
      const first = await list('', c);
      expect(first.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3 });
      expect(names(await list('?page=3', c))).toEqual(['Steel drum 55 gal']);
      expect((await list('?page=4', c)).data).toEqual([]);
      expect((await list('?per_page=4&page=2', c)).meta).toEqual({ current_page: 2, per_page: 4, total: 5, last_page: 2 });
    } finally {
      await t.database.db.update(userSettings).set({ recordsPerPage: 25 }).where(eq(userSettings.userId, accountUser.id));
    }
  });

  it('sorts by every PRODUCT_SORTS key both ways, ties broken by id', async () => {
    expect(names(await list('?sort=description&dir=desc'))).toEqual([
      'Steel drum 55 gal',
      'Paper rolls',
      'Office chairs',
      'Bolts_M8',
      'alpha widgets 100%',
    ]);
    expect((await list('?sort=product_number')).data.map((p) => p.product_number)).toEqual(['', 'B_8', 'CH-10', 'DR-55', 'PR-1']);
    expect((await list('?sort=nmfc&dir=desc')).data.map((p) => p.nmfc)).toEqual(['79300', '41160', '161040', '', '']);
    expect((await list('?sort=freight_class')).data.map((p) => p.freight_class)).toEqual([55, 65, 70, 250, null]);
    expect((await list('?sort=weight_lb&dir=desc')).data.map((p) => p.weight_lb)).toEqual([900, 120, 55, 40, 35]);
    expect(names(await list('?sort=created_at'))).toEqual(catalog.map((p) => p.description));
    expect(names(await list('?sort=created_at&dir=desc'))).toEqual(catalog.map((p) => p.description).reverse());
  });

  it('searches the description (contains), the product number and the NMFC (start), any case; LIKE characters are plain', async () => {
    expect(names(await list('?q=DRUM'))).toEqual(['Steel drum 55 gal']);
    expect(names(await list('?q=ch-1'))).toEqual(['Office chairs']);
    expect(names(await list('?q=1610'))).toEqual(['Paper rolls']);
    expect(names(await list('?q=%20%20rolls%20%20'))).toEqual(['Paper rolls']);
    expect(names(await list('?q=100%25'))).toEqual(['alpha widgets 100%']);
    expect(names(await list('?q=%25'))).toEqual(['alpha widgets 100%']);
    expect(names(await list('?q=_'))).toEqual(['Bolts_M8']);
    expect(names(await list('?q=s_m'))).toEqual(['Bolts_M8']);
    expect(names(await list('?q=9300'))).toEqual([]); // NMFC 79300 does not start with it
    const searched = await list('?q=o&sort=weight_lb&per_page=2');
    expect(searched.meta).toMatchObject({ total: 3, last_page: 2 });
    expect(names(searched)).toEqual(['Office chairs', 'Bolts_M8']);
    expect((await list('?q=')).meta.total).toBe(5);
  });

  it('refuses a bad query with 422', async () => {
    const c = await other();
    const bad = async (query: string) => {
      const res = await c.get(`/api/products${query}`);
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    expect(await bad('?sort=price')).toEqual({ sort: ['Choose one of the listed options'] });
    expect(await bad('?dir=up')).toEqual({ dir: ['Choose one of the listed options'] });
    expect(await bad(`?q=${'x'.repeat(101)}`)).toEqual({ q: ['This value is too long'] });
    expect(Object.keys(await bad('?per_page=101'))).toEqual(['per_page']);
    expect(Object.keys(await bad('?page=0'))).toEqual(['page']);
  });

  it('deletes the products with their account', async () => {
    const [account] = await t.database.db.insert(accounts).values({ name: 'Short-lived' }).returning();
    await t.database.db.insert(products).values({
      accountId: account!.id,
      description: 'x',
      packageType: 'boxes',
      lengthIn: 1,
      widthIn: 1,
      heightIn: 1,
      weightLb: 1,
    });
    await t.database.db.delete(accounts).where(eq(accounts.id, account!.id));
    expect(await t.database.db.select().from(products).where(eq(products.accountId, account!.id))).toEqual([]);
  });
});

const upload = (c: TestClient, csv: string, query = '?dry_run=1') =>
  c.request({ method: 'POST', url: `/api/products/import${query}`, payload: csv, headers: { 'content-type': 'text/csv' } });
const header = PRODUCT_CSV_COLUMNS.join(',');
/** One CSV line in PRODUCT_CSV_COLUMNS order (only the given fields; the rest empty). */
const line = (v: Record<string, string | number>) => PRODUCT_CSV_COLUMNS.map((c) => v[c] ?? '').join(',');
const row = (n: number, over: Record<string, string | number> = {}) =>
  line({
    description: `Widget ${n}`,
    product_number: `W-${n}`,
    package_type: 'boxes',
    length_in: 10,
    width_in: 8,
    height_in: 6,
    weight_lb: 2,
    ...over,
  });
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
const valuesOf = (p: Product) => {
  const { id: _id, created_at: _c, updated_at: _u, ...values } = p;
  return values;
};

describe('product CSV', () => {
  beforeEach(() => emptyCatalog('other@demo.test'));

  it('offers a template: the header of PRODUCT_CSV_COLUMNS and one example row that imports cleanly', async () => {
    const c = await other();
    const res = await c.get('/api/products/template.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="product-catalog-template.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(2);
    const report = (await upload(c, res.body)).json() as CsvImportReport;
    expect(report).toEqual({ rows_total: 1, rows_valid: 1, imported: 0, errors: [], duplicates: [] });
  });

  it('reports bad rows by line and field, and likely duplicates of the catalog and of the file; a dry run writes nothing', async () => {
    const c = await other();
    const numbered = await create(c, product({ product_number: 'HP-500' }));
    const plain = await create(
      c,
      product({ product_number: '', description: 'Loose gaskets', package_type: 'bags', length_in: 5, width_in: 5, height_in: 2 }),
    );
    const csv = [
      header,
      row(1, { product_number: 'A-1', freight_class: 85, nmfc: '116030', sat: '40151500' }), // 2: good
      line({ description: '', package_type: 'barrels', length_in: 'abc', width_in: 1, height_in: 1, weight_lb: 1 }), // 3: bad
      row(9, { product_number: ' a-1 ' }), // 4: the number of line 2
      row(2, { product_number: '', description: 'Widget box' }), // 5: good, no number
      row(3, { product_number: '', description: '  WIDGET   box ' }), // 6: line 5 again (case, spaces)
      row(4, { product_number: '', description: 'Widget box', length_in: 11 }), // 7: other dimensions: good
      row(5, { product_number: 'hp-500' }), // 8: in the catalog by number
      line({ description: 'LOOSE gaskets', package_type: 'Bags', length_in: 5, width_in: 5, height_in: 2, weight_lb: 9 }), // 9: in the catalog
      row(6, { package_type: 'Tubes/Pipes', hazardous: 'yes', freight_class: 92.5 }), // 10: good
      row(7, { sat: '123', freight_class: 80, hazardous: 'maybe' }), // 11: bad
      '', // blank lines are skipped
      'Only,two', // 13: wrong cell count
    ].join('\n');
    const res = await upload(c, csv);
    expect(res.statusCode).toBe(200);
    const report = res.json() as CsvImportReport;
    expect(report).toEqual({
      rows_total: 11,
      rows_valid: 4,
      imported: 0,
      errors: [
        { line: 3, field: 'description', message: 'Field is required' },
        { line: 3, field: 'package_type', message: 'Choose one of the listed options' },
        { line: 3, field: 'length_in', message: 'Enter a number' },
        { line: 11, field: 'sat', message: 'Enter the 8-digit SAT key' },
        { line: 11, field: 'freight_class', message: 'Choose a valid freight class' },
        { line: 11, field: 'hazardous', message: 'Enter true or false (yes/no, 1/0)' },
        { line: 13, field: null, message: expect.stringContaining('2 cells where the header has 12') },
      ],
      duplicates: [
        { line: 4, of: 'file', existing_id: null, duplicate_of_line: 2 },
        { line: 6, of: 'file', existing_id: null, duplicate_of_line: 5 },
        { line: 8, of: 'book', existing_id: numbered.id, duplicate_of_line: null },
        { line: 9, of: 'book', existing_id: plain.id, duplicate_of_line: null },
      ],
    });
    expect((await c.get('/api/products')).json().meta.total).toBe(2);

    // Without dry_run: the same report, and the four good rows written.
    const written = (await upload(c, csv, '')).json() as CsvImportReport;
    expect(written).toEqual({ ...report, imported: 4 });
    const list = (await c.get('/api/products?q=widget&sort=product_number')).json().data as Product[];
    const summary = list.map((p) => [p.description, p.product_number, p.package_type, p.length_in].join(' ')).sort();
    expect(summary).toEqual(['Widget 1 A-1 boxes 10', 'Widget 6 W-6 tubes_pipes 10', 'Widget box  boxes 10', 'Widget box  boxes 11']);
    const widget1 = list.find((p) => p.product_number === 'A-1');
    expect(widget1).toMatchObject({
      freight_class: 85,
      nmfc: '116030',
      sat: '40151500',
      width_in: 8,
      height_in: 6,
      weight_lb: 2,
      hazardous: false,
    });
    expect(list.find((p) => p.product_number === 'W-6')).toMatchObject({ freight_class: 92.5, hazardous: true });
    expect((await c.get('/api/products')).json().meta.total).toBe(6);

    // A second import of the same file finds every good row in the catalog.
    const again = (await upload(c, csv, '')).json() as CsvImportReport;
    expect(again).toMatchObject({ rows_valid: 0, imported: 0 });
    expect(again.duplicates.map((d) => [d.line, d.of])).toEqual([
      [2, 'book'],
      [4, 'book'],
      [5, 'book'],
      [6, 'book'],
      [7, 'book'],
      [8, 'book'],
      [9, 'book'],
      [10, 'book'],
    ]);
  });

  it("reports in the caller's language and checks the header", async () => {
    const c = await other();
    await c.put('/api/settings', { language: 'es' });
    try {
      const report = (await upload(c, [header, row(1, { description: '' })].join('\n'))).json() as CsvImportReport;
      expect(report.errors).toEqual([{ line: 2, field: 'description', message: 'Campo obligatorio' }]);
    } finally {
      await c.put('/api/settings', { language: 'en' });
    }
    const bad = (await upload(c, 'Description,weight,colour\nA,1,red')).json() as CsvImportReport;
    expect(bad.rows_valid).toBe(0);
    expect(bad.errors.map((e) => e.line)).toEqual([1, 1]);
    expect(bad.errors.map((e) => e.message).join(' | ')).toMatch(/colour.*product_number, nmfc, sat, package_type/);
    // Columns in any order and case.
    const shuffled = [...PRODUCT_CSV_COLUMNS].reverse();
    const text = [
      shuffled.map((h) => h.toUpperCase()).join(','),
      shuffled
        .map(
          (h) => ({ description: 'Rev', package_type: 'crates', length_in: 1, width_in: 2, height_in: 3, weight_lb: 4 })[h as string] ?? '',
        )
        .join(','),
    ].join('\r\n');
    expect((await upload(c, text)).json()).toMatchObject({ rows_valid: 1, errors: [] });
  });

  it('refuses files over the limits: 413 over 10 MB, 422 over 50,000 rows, each saying the limit; a body that is not CSV', async () => {
    const c = await other();
    const tooBig = await upload(c, `${header}\n${row(1)}\n${'x'.repeat(10 * 1024 * 1024)}`);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'The file is too large: the limit is 10 MB', code: 'payload_too_large' });

    const tooMany = await upload(c, `${header}\n${`${row(1)}\n`.repeat(50_001)}`, '');
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({
      message: 'The file has 50,001 rows: the limit is 50,000 rows',
      code: 'validation',
      errors: { file: ['The file has 50,001 rows: the limit is 50,000 rows'] },
    });

    const json = await c.post('/api/products/import', { rows: [] });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ body: ['Send the file as text/csv (Content-Type: text/csv)'] });
    expect((await c.get('/api/products')).json().meta.total).toBe(0);
  });

  it('writes all or nothing: a failure in the middle of an import leaves the catalog as it was', async () => {
    const c = await other();
    await upload(c, [header, row(0)].join('\n'), '');
    // 1,100 rows: the first statement (1,000 rows) succeeds, the second fails.
    const rows = Array.from({ length: 1_100 }, (_, i) => row(i + 1, i === 1_050 ? { description: 'Boom' } : {}));
    const db = t.database.db;
    await db.execute(sql`create function products_boom() returns trigger language plpgsql as $$
      begin
        if new.description = 'Boom' then raise exception 'injected failure'; end if;
        if new.description = 'Taken' then raise exception 'number taken meanwhile' using errcode = 'unique_violation'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger products_boom before insert on products for each row execute function products_boom()`);
    try {
      const res = await upload(c, [header, ...rows].join('\n'), '');
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('server_error');
      expect((await c.get('/api/products')).json().meta.total).toBe(1);

      // A product number taken by another request while the file was read: 422, nothing written.
      const taken = await upload(c, [header, row(1), row(2, { description: 'Taken' })].join('\n'), '');
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ file: ['This product number is already in your catalog'] });
      expect((await c.get('/api/products')).json().meta.total).toBe(1);
    } finally {
      await db.execute(sql`drop trigger products_boom on products`);
      await db.execute(sql`drop function products_boom()`);
    }
    const again = (await upload(c, [header, ...rows].join('\n'), '')).json() as CsvImportReport;
    expect(again.imported).toBe(1_100);
    expect((await c.get('/api/products')).json().meta.total).toBe(1_101);
  });

  it('exports the catalog or the filtered view re-importably, formula-like cells neutralised', async () => {
    const c = await other();
    const made = [
      await create(c, product({ description: '=HYPERLINK("http://evil.example","Click")', product_number: '-5', nmfc: '@x' })),
      await create(
        c,
        product({ description: 'Café "Olé", S.A.', product_number: '+A1', freight_class: null, sat: '', hazardous: true, weight_lb: 500 }),
      ),
      await create(c, product({ description: 'Plain rolls', product_number: '', package_type: 'rolls', weight_lb: 0.25, nmfc: '' })),
    ];
    const res = await c.get('/api/products/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="product-catalog.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const csv = res.body;
    const lines = csvLines(csv);
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(4);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain(`,'-5,`);
    expect(csv).toContain(`,'+A1,`);
    expect(csv).toContain(`,'@x,`);
    expect(csv).toContain('"Café ""Olé"", S.A."');

    // The same catalog: every row a duplicate of it.
    const same = (await upload(c, csv, '')).json() as CsvImportReport;
    expect(same).toMatchObject({ rows_total: 3, rows_valid: 0, imported: 0, errors: [] });
    expect(same.duplicates.map((d) => d.existing_id).sort()).toEqual(made.map((p) => p.id).sort());

    // An empty catalog: every row back with the same values.
    await emptyCatalog('other@demo.test');
    expect((await upload(c, csv, '')).json()).toMatchObject({ rows_total: 3, imported: 3, errors: [], duplicates: [] });
    const back = (await c.get('/api/products')).json().data as Product[];
    const byDescription = (a: { description: string }, b: { description: string }) => a.description.localeCompare(b.description);
    expect(back.map(valuesOf).sort(byDescription)).toEqual(made.map(valuesOf).sort(byDescription));

    // The filtered and sorted view.
    const view = await c.get('/api/products/export.csv?q=a&sort=weight_lb&dir=desc');
    expect(csvLines(view.body).map((l) => l.split(',')[0])).toEqual([
      'description',
      '"Café ""Olé""',
      '"\'=HYPERLINK(""http://evil.example""',
      'Plain rolls',
    ]);
    const rolls = await c.get('/api/products/export.csv?q=roll');
    expect(csvLines(rolls.body)).toHaveLength(2);
    expect((await c.get('/api/products/export.csv?sort=colour')).statusCode).toBe(422);
  });

  it('refuses anonymous callers (401) and staff (403) on the CSV routes, before reading the upload', async () => {
    const anon = t.client();
    const staff = await t.client().login('admin@demo.test');
    for (const client of [anon, staff]) {
      const expected = client === anon ? 401 : 403;
      expect((await client.get('/api/products/template.csv')).statusCode).toBe(expected);
      expect((await client.get('/api/products/export.csv')).statusCode).toBe(expected);
      expect((await upload(client, `${header}\n${row(1)}`)).statusCode).toBe(expected);
      expect((await upload(client, `${header}\n${row(1)}\n${'x'.repeat(11 * 1024 * 1024)}`, '')).statusCode).toBe(expected);
    }
    // The other account's export holds none of the shipper's products.
    const shipper = await t.client().login('shipper@demo.test');
    await create(shipper, product({ product_number: 'ONLY-SHIPPER' }));
    expect((await (await other()).get('/api/products/export.csv')).body).not.toContain('ONLY-SHIPPER');
  });
});

describe('demo products', () => {
  it("are in shipper@demo.test's catalog only", async () => {
    const shipper = await t.client().login('shipper@demo.test');
    const page = (await shipper.get('/api/products')).json();
    expect(page.meta.total).toBeGreaterThanOrEqual(5);
    for (const p of page.data as Product[]) expect(p.description).not.toBe('');
  });
});
