import type { Product } from '@freight/contracts';
import { eq } from 'drizzle-orm';
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
      errors: {
        description: ['Field is required'],
        product_number: ['This value is too long'],
        sat: ['Enter the 8-digit SAT key'],
        package_type: ['Package type is required'],
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
    expect(put.json()).toEqual({ message: SAVE_FAILED, errors: { weight_lb: ['Field is required'] } });
    expect((await c.get(`/api/products/${created.id}`)).json().data).toEqual(created);

    await c.put('/api/settings', { language: 'es' });
    try {
      const es = await c.post('/api/products', product({ description: '' }));
      expect(es.json()).toEqual({
        message: 'Error al guardar el producto. Revise todos los campos e inténtelo de nuevo.',
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
    expect(taken.json()).toEqual({ message: SAVE_FAILED, errors: { product_number: ['This product number is already in your catalog'] } });

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
    const insertTwin = t.database.db
      .insert(products)
      .values({
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

describe('demo products', () => {
  it("are in shipper@demo.test's catalog only", async () => {
    const shipper = await t.client().login('shipper@demo.test');
    const page = (await shipper.get('/api/products')).json();
    expect(page.meta.total).toBeGreaterThanOrEqual(5);
    for (const p of page.data as Product[]) expect(p.description).not.toBe('');
  });
});
