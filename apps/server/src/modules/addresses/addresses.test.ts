import { ADDRESS_CSV_COLUMNS, type AddressBookEntry, type CsvImportReport } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCsv } from '../../csv/csv';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const chicago = (over: Record<string, unknown> = {}) => ({
  company: 'Windy City Widgets',
  first_name: 'Pat',
  last_name: 'Lee',
  email: 'Pat@Widgets.example',
  phone: '(312) 555-0100',
  street1: '100 N State St',
  city: 'Chicago',
  state: 'IL',
  postal_code: '60602',
  country: 'US',
  ...over,
});

const upload = (c: TestClient, csv: string, query = '?dry_run=1') =>
  c.request({ method: 'POST', url: `/api/addresses/import${query}`, payload: csv, headers: { 'content-type': 'text/csv' } });

const header = ADDRESS_CSV_COLUMNS.join(',');
/** One CSV line of an address in ADDRESS_CSV_COLUMNS order (only the given fields; the rest empty). */
const line = (v: Record<string, string>) => ADDRESS_CSV_COLUMNS.map((c) => v[c] ?? '').join(',');
const row = (n: number, over: Record<string, string> = {}) =>
  line({ company: `Company ${n}`, street1: `${n} Main St`, city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US', ...over });

/** A client of a fresh verified customer account (an empty address book). */
async function freshAccount(): Promise<TestClient> {
  const c = t.client();
  const email = `book${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await c.post('/register', {
    company_name: 'Empty Book Inc',
    primary_contact: { first_name: 'Ema', last_name: 'Pty', email, phone: '(312) 555-0177' },
    company_address: { street1: '1 Main St', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' },
    accounting_same_as_company: true,
    password: 'Demo#2026x',
    password_confirmation: 'Demo#2026x',
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  await t.database.db.execute(sql`update users set email_verified_at = now() where email = ${email}`);
  return c;
}

describe('address book: access', () => {
  it('answers 401 without a session and 403 for staff, on every route', async () => {
    const anon = t.client();
    const staff = await t.client().login('admin@demo.test');
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = (c: TestClient) => [
      c.get('/api/addresses'),
      c.post('/api/addresses', chicago()),
      c.get(`/api/addresses/${id}`),
      c.put(`/api/addresses/${id}`, chicago()),
      c.request({ method: 'DELETE', url: `/api/addresses/${id}` }),
      c.get('/api/addresses/export.csv'),
      c.get('/api/addresses/template.csv'),
      upload(c, `${header}\n`),
    ];
    for (const res of await Promise.all(calls(anon))) expect(res.statusCode).toBe(401);
    for (const res of await Promise.all(calls(staff))) expect(res.statusCode).toBe(403);
  });

  it('lists the seeded demo addresses, postal data agreeing (U.S. ones verified)', async () => {
    const c = await t.client().login('shipper@demo.test');
    const res = await c.get('/api/addresses?per_page=100');
    const list = res.json().data as AddressBookEntry[];
    const byCity = Object.fromEntries(list.map((a) => [a.city, a]));
    expect(byCity.Atlanta).toMatchObject({ postal_code: '30303', state: 'GA', verified: true });
    expect(byCity.Toronto).toMatchObject({ postal_code: 'M5V 3L9', state: 'ON', verified: false });
    expect(byCity.Monterrey).toMatchObject({ postal_code: '64000', state: 'NLE', verified: false, neighborhood: 'Centro' });
  });

  it("keeps another account's addresses invisible (404) and untouched", async () => {
    const owner = await t.client().login('shipper@demo.test');
    const created = (await owner.post('/api/addresses', chicago({ company: 'Private Co' }))).json().data as AddressBookEntry;
    const other = await t.client().login('other@demo.test');
    expect((await other.get(`/api/addresses/${created.id}`)).statusCode).toBe(404);
    expect((await other.put(`/api/addresses/${created.id}`, chicago({ company: 'Stolen' }))).statusCode).toBe(404);
    // Even with an invalid body: the id is refused first, so the answer tells nothing.
    expect((await other.put(`/api/addresses/${created.id}`, { company: '' })).statusCode).toBe(422);
    expect((await other.request({ method: 'DELETE', url: `/api/addresses/${created.id}` })).statusCode).toBe(404);
    expect((await other.get('/api/addresses?q=private')).json().meta.total).toBe(0);
    expect(await (await other.get('/api/addresses/export.csv')).body).not.toContain('Private Co');
    expect((await owner.get(`/api/addresses/${created.id}`)).json().data.company).toBe('Private Co');
    expect((await owner.get('/api/addresses/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('address book: CRUD and verification', () => {
  it('creates, reads, updates and deletes an entry with every field', async () => {
    const c = await t.client().login('shipper@demo.test');
    const body = chicago({
      street2: 'Floor 2',
      street3: 'Suite 210',
      street4: 'Attn receiving',
      street5: 'Door 4',
      location_type: 'residential',
      limited_access: true,
      liftgate_recommended: true,
      opens_at: '08:00',
      closes_at: '16:30',
    });
    const res = await c.post('/api/addresses', body);
    expect(res.statusCode).toBe(201);
    const created = res.json().data as AddressBookEntry;
    expect(Object.keys(created).sort()).toEqual([...ADDRESS_CSV_COLUMNS, 'id', 'verified', 'created_at', 'updated_at'].sort());
    expect(created).toMatchObject({ ...body, email: 'pat@widgets.example', verified: true, interior_number: '', neighborhood: '' });

    expect((await c.get(`/api/addresses/${created.id}`)).json().data).toEqual(created);
    t.clock.advanceMinutes(1);
    const put = await c.put(`/api/addresses/${created.id}`, chicago({ city: 'Springfield', company: 'Renamed Widgets' }));
    expect(put.statusCode).toBe(200);
    const updated = put.json().data as AddressBookEntry;
    // Every field is replaced (PUT): the optional ones not sent are back to their defaults.
    expect(updated).toMatchObject({ company: 'Renamed Widgets', street2: '', limited_access: false, verified: false });
    expect(updated.created_at).toBe(created.created_at);
    expect(updated.updated_at > created.updated_at).toBe(true);

    const del = await c.request({ method: 'DELETE', url: `/api/addresses/${created.id}` });
    expect(del.statusCode).toBe(204);
    expect((await c.get(`/api/addresses/${created.id}`)).statusCode).toBe(404);
    expect((await c.request({ method: 'DELETE', url: `/api/addresses/${created.id}` })).statusCode).toBe(404);
  });

  it("answers 422 with the spec's message and the field errors, in the user's language", async () => {
    const c = await t.client().login('shipper@demo.test');
    const res = await c.post('/api/addresses', {
      company: '',
      email: 'not-an-email',
      phone: '12',
      street1: '',
      city: 'Chicago',
      state: 'IL',
      postal_code: 'ABCDE',
      country: 'US',
      location_type: 'warehouse',
      opens_at: '25:00',
      closes_at: '08:00',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Error saving address. Check to make sure all required inputs are filled.',
      code: 'validation',
      errors: {
        company: ['Field is required'],
        email: ['Invalid email'],
        phone: ['Enter valid number'],
        street1: ['Field is required'],
        location_type: ['Choose one of the listed options'],
        opens_at: ['Please enter a valid time'],
      },
    });
    const hours = await c.post('/api/addresses', chicago({ opens_at: '17:00', closes_at: '08:00' }));
    expect(hours.json().errors).toEqual({ closes_at: ['Closing time must be after opening time'] });

    const es = await (await t.client().login('other@demo.test')).put('/api/settings', { language: 'es' });
    expect(es.statusCode).toBe(200);
    const other = await t.client().login('other@demo.test');
    const spanish = await other.post('/api/addresses', chicago({ company: '' }));
    expect(spanish.json().message).toBe('Error al guardar la dirección. Asegúrese de completar todos los campos obligatorios.');
    await other.put('/api/settings', { language: 'en' });
  });

  it('verifies against the postal data: U.S. ZIP, Canadian FSA and province letter, Mexican CP and state', async () => {
    const c = await t.client().login('shipper@demo.test');
    const save = (over: Record<string, unknown>) => c.post('/api/addresses', chicago(over));
    // U.S.: city agrees (any case and spacing) -> verified; a city the ZIP does not name -> unverified (custom).
    expect((await save({ city: '  CHICAGO ' })).json().data).toMatchObject({ verified: true, city: 'CHICAGO' });
    expect((await save({ city: 'Chicago Loop' })).json().data.verified).toBe(false);
    // State by name is stored as its code; ZIP+4 kept.
    expect((await save({ state: 'illinois', postal_code: '60602-1234' })).json().data).toMatchObject({
      state: 'IL',
      postal_code: '60602-1234',
    });
    expect((await save({ postal_code: '6060' })).json().errors).toEqual({
      postal_code: ['Enter a valid ZIP or postal code for the country'],
    });
    // Unknown ZIP; state not agreeing.
    const unknown = await save({ postal_code: '00000' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ postal_code: ['We could not find this ZIP or postal code'] });
    const wrongState = await save({ state: 'WI' });
    expect(wrongState.json().errors).toEqual({ state: ['This state or province does not match the ZIP or postal code'] });

    // Canada: province from the first letter; never 'USPS verified'.
    const toronto = { city: 'Toronto', postal_code: 'm5v3l9', country: 'CA' };
    expect((await save({ ...toronto, state: 'on' })).json().data).toMatchObject({ postal_code: 'M5V 3L9', state: 'ON', verified: false });
    expect((await save({ ...toronto, state: 'Ontario' })).json().data.state).toBe('ON');
    expect((await save({ ...toronto, state: 'QC' })).json().errors).toEqual({
      state: ['This state or province does not match the ZIP or postal code'],
    });
    expect((await save({ ...toronto, postal_code: 'W1A 1A1', state: 'ON' })).json().errors).toEqual({
      postal_code: ['Enter a valid ZIP or postal code for the country'],
    });
    expect((await save({ ...toronto, city: 'Iqaluit', postal_code: 'X0A 1H0', state: 'NU' })).statusCode).toBe(201);

    // Mexico: the CP's first two digits give the state (code or name).
    const monterrey = { city: 'Monterrey', postal_code: '64000', country: 'MX', neighborhood: 'Centro', exterior_number: '12' };
    expect((await save({ ...monterrey, state: 'Nuevo León' })).json().data).toMatchObject({
      state: 'NLE',
      verified: false,
      exterior_number: '12',
    });
    expect((await save({ ...monterrey, state: 'JAL' })).json().errors).toEqual({
      state: ['This state or province does not match the ZIP or postal code'],
    });
    expect((await save({ ...monterrey, postal_code: '18000', state: 'NLE' })).json().errors).toEqual({
      postal_code: ['We could not find this ZIP or postal code'],
    });
  });
});

describe('address book: search, sort and paging', () => {
  let c: TestClient;
  beforeAll(async () => {
    c = await freshAccount();
    const csv = [
      header,
      line({
        company: 'alpha Freight',
        first_name: 'Zoe',
        last_name: 'Young',
        street1: '1 Lake St',
        city: 'Chicago',
        state: 'IL',
        postal_code: '60601',
        country: 'US',
      }),
      line({
        company: 'Bravo 100% Foods',
        first_name: 'Adam',
        last_name: 'Ant',
        street1: '9 Peach Rd',
        city: 'Atlanta',
        state: 'GA',
        postal_code: '30303',
        country: 'US',
      }),
      line({
        company: 'Charlie_Co',
        first_name: 'Mia',
        last_name: 'Moe',
        street1: '5 Bay St',
        city: 'Toronto',
        state: 'ON',
        postal_code: 'M5V 3L9',
        country: 'CA',
      }),
      line({
        company: 'Delta Aceros',
        first_name: 'Luis',
        last_name: 'Diaz',
        street1: 'Av Juarez 5',
        city: 'Monterrey',
        state: 'NLE',
        postal_code: '64000',
        country: 'MX',
      }),
      line({
        company: 'Echo Supply',
        first_name: 'Bea',
        last_name: 'Bell',
        street1: '7 Elm St',
        city: 'Dallas',
        state: 'TX',
        postal_code: '75201',
        country: 'US',
      }),
    ].join('\n');
    const res = await upload(c, csv, '');
    expect(res.json()).toMatchObject({ imported: 5, errors: [] });
  });
  const companies = async (query: string) => {
    const res = await c.get(`/api/addresses?${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json().data as AddressBookEntry[]).map((a) => a.company);
  };

  it('searches company, contact, city, postal code and street1, any case; % and _ are plain characters', async () => {
    expect(await companies('q=FREIGHT')).toEqual(['alpha Freight']);
    expect(await companies('q=adam ant')).toEqual(['Bravo 100% Foods']);
    expect(await companies('q=monterrey')).toEqual(['Delta Aceros']);
    expect(await companies('q=m5v 3l')).toEqual(['Charlie_Co']);
    expect(await companies('q=m5v3l9')).toEqual(['Charlie_Co']);
    expect(await companies('q=30303')).toEqual(['Bravo 100% Foods']);
    expect(await companies('q=elm st')).toEqual(['Echo Supply']);
    expect(await companies('q=100%25')).toEqual(['Bravo 100% Foods']);
    expect(await companies('q=e_c')).toEqual(['Charlie_Co']);
    expect(await companies('q=%25')).toEqual(['Bravo 100% Foods']);
    expect(await companies('q=nothing-like-this')).toEqual([]);
    expect((await c.get(`/api/addresses?q=${'x'.repeat(101)}`)).json().errors).toEqual({ q: ['This value is too long'] });
  });

  it('sorts by every key in both directions (company by default, any case)', async () => {
    expect(await companies('')).toEqual(['alpha Freight', 'Bravo 100% Foods', 'Charlie_Co', 'Delta Aceros', 'Echo Supply']);
    expect(await companies('sort=company&dir=desc')).toEqual([
      'Echo Supply',
      'Delta Aceros',
      'Charlie_Co',
      'Bravo 100% Foods',
      'alpha Freight',
    ]);
    expect(await companies('sort=contact')).toEqual(['Bravo 100% Foods', 'Echo Supply', 'Delta Aceros', 'Charlie_Co', 'alpha Freight']);
    expect(await companies('sort=city')).toEqual(['Bravo 100% Foods', 'alpha Freight', 'Echo Supply', 'Delta Aceros', 'Charlie_Co']);
    expect(await companies('sort=city&dir=desc')).toEqual([
      'Charlie_Co',
      'Delta Aceros',
      'Echo Supply',
      'alpha Freight',
      'Bravo 100% Foods',
    ]);
    expect(await companies('sort=state')).toEqual(['Bravo 100% Foods', 'alpha Freight', 'Delta Aceros', 'Charlie_Co', 'Echo Supply']);
    expect(await companies('sort=postal_code')).toEqual(['Bravo 100% Foods', 'alpha Freight', 'Delta Aceros', 'Echo Supply', 'Charlie_Co']);
    expect((await companies('sort=created_at')).length).toBe(5);
    expect((await c.get('/api/addresses?sort=zip')).json().errors).toEqual({ sort: ['Choose one of the listed options'] });
    expect((await c.get('/api/addresses?dir=up')).json().errors).toEqual({ dir: ['Choose one of the listed options'] });
  });

  it('keeps the chosen order and paging inside a search', async () => {
    // 'st' matches the three entries on a street called St: alpha, Charlie and Echo.
    expect(await companies('q=st&sort=city&dir=desc')).toEqual(['Charlie_Co', 'Echo Supply', 'alpha Freight']);
    expect(await companies('q=st&sort=contact')).toEqual(['Echo Supply', 'Charlie_Co', 'alpha Freight']);
    expect(await companies('q=st&sort=contact&per_page=1&page=2')).toEqual(['Charlie_Co']);
    expect(await companies('q=st&sort=postal_code&dir=desc')).toEqual(['Charlie_Co', 'Echo Supply', 'alpha Freight']);
  });

  it("pages, per_page defaulting to the user's records-per-page", async () => {
    const first = (await c.get('/api/addresses?per_page=2')).json();
    expect(first.meta).toEqual({ current_page: 1, per_page: 2, total: 5, last_page: 3, total_capped: false });
    const third = (await c.get('/api/addresses?per_page=2&page=3')).json();
    expect(third.data.map((a: AddressBookEntry) => a.company)).toEqual(['Echo Supply']);
    expect((await c.put('/api/settings', { records_per_page: 10 })).statusCode).toBe(200);
    expect((await c.get('/api/addresses')).json().meta.per_page).toBe(10);
    const filtered = (await c.get('/api/addresses?q=st&per_page=1')).json();
    expect(filtered.meta.total).toBe(3);
  });
});

describe('address book: CSV', () => {
  it('serves the template: the header and one example row that imports cleanly', async () => {
    const c = await freshAccount();
    const res = await c.get('/api/addresses/template.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="address-book-template.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(2);
    const report = (await upload(c, res.body)).json() as CsvImportReport;
    expect(report).toEqual({ rows_total: 1, rows_valid: 1, imported: 0, errors: [], duplicates: [] });
  });

  it('reports bad rows with their line and reason, and writes nothing on a dry run', async () => {
    const c = await freshAccount();
    const csv = [
      header,
      row(1),
      line({ company: '', street1: '1 Main', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' }),
      row(3, { state: 'CA' }),
      row(4, { postal_code: '00000' }),
      row(5, { limited_access: 'maybe', email: 'bad' }),
      `"Quoted, Inc.",,,,,"9 Elm St",,,,,Dallas,TX,75201,usa,,,,Residential,YES,0,,`,
      'Too,few,cells',
      row(8, { country: 'Germany' }),
    ].join('\r\n');
    const res = await upload(c, csv);
    expect(res.statusCode).toBe(200);
    const report = res.json() as CsvImportReport;
    expect(report.rows_total).toBe(8);
    expect(report.rows_valid).toBe(2);
    expect(report.imported).toBe(0);
    expect(report.errors).toEqual([
      { line: 3, field: 'company', message: 'Field is required' },
      { line: 4, field: 'state', message: 'This state or province does not match the ZIP or postal code' },
      { line: 5, field: 'postal_code', message: 'We could not find this ZIP or postal code' },
      { line: 6, field: 'email', message: 'Invalid email' },
      { line: 6, field: 'limited_access', message: 'Enter true or false (yes/no, 1/0)' },
      {
        line: 8,
        field: null,
        message: 'This line has 3 cells where the header has 22: a field that contains a comma must be in double quotes',
      },
      { line: 9, field: 'country', message: 'Field is required' },
    ]);
    expect((await c.get('/api/addresses')).json().meta.total).toBe(0);

    const written = (await upload(c, csv, '')).json() as CsvImportReport;
    expect(written).toMatchObject({ rows_valid: 2, imported: 2 });
    const list = (await c.get('/api/addresses?sort=company')).json().data as AddressBookEntry[];
    expect(list.map((a) => a.company)).toEqual(['Company 1', 'Quoted, Inc.']);
    expect(list[1]).toMatchObject({
      country: 'US',
      location_type: 'residential',
      limited_access: true,
      liftgate_recommended: false,
      verified: true,
    });
  });

  it('finds duplicates of the book and within the file (case and spaces ignored)', async () => {
    const c = await freshAccount();
    await upload(c, [header, row(1)].join('\n'), '');
    const existing = (await c.get('/api/addresses')).json().data[0] as AddressBookEntry;
    const csv = [header, row(1, { company: 'COMPANY  1' }), row(2), row(2, { street1: ' 2 main st ', city: 'Dallas' }), row(3)].join('\n');
    const report = (await upload(c, csv, '')).json() as CsvImportReport;
    expect(report.duplicates).toEqual([
      { line: 2, of: 'book', existing_id: existing.id, duplicate_of_line: null },
      { line: 4, of: 'file', existing_id: null, duplicate_of_line: 3 },
    ]);
    expect(report).toMatchObject({ rows_total: 4, rows_valid: 2, imported: 2 });
    expect((await c.get('/api/addresses')).json().meta.total).toBe(3);
  });

  it('refuses files over the limits: 413 over 10 MB, 422 over 50,000 rows, each saying the limit', async () => {
    const c = await freshAccount();
    const big = `${header}\n${row(1)}\n${'x'.repeat(10 * 1024 * 1024)}`;
    const tooBig = await upload(c, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'The file is too large: the limit is 10 MB', code: 'payload_too_large' });

    const many = `${header}\n${'a,,,,,1 Main St,,,,,Dallas,TX,75201,US,,,,,,,,\n'.repeat(50_001)}`;
    const tooMany = await upload(c, many);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({
      message: 'The file has 50,001 rows: the limit is 50,000 rows',
      code: 'validation',
      errors: { file: ['The file has 50,001 rows: the limit is 50,000 rows'] },
    });
    // A body that is not text/csv.
    const json = await c.post('/api/addresses/import', { rows: [] });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ body: ['Send the file as text/csv (Content-Type: text/csv)'] });
    expect((await c.get('/api/addresses')).json().meta.total).toBe(0);
  });

  it('writes all or nothing: a failure in the middle of an import leaves the book as it was', async () => {
    const c = await freshAccount();
    await upload(c, [header, row(0)].join('\n'), '');
    // 1,100 rows: the first statement (1,000 rows) succeeds, the second fails.
    const rows = Array.from({ length: 1_100 }, (_, i) => row(i + 1, i === 1_050 ? { company: 'Boom Co' } : {}));
    const db = t.database.db;
    await db.execute(sql`create function address_book_boom() returns trigger language plpgsql as $$
      begin if new.company = 'Boom Co' then raise exception 'injected failure'; end if; return new; end $$`);
    await db.execute(sql`create trigger address_book_boom before insert on address_book for each row execute function address_book_boom()`);
    try {
      const res = await upload(c, [header, ...rows].join('\n'), '');
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('server_error');
    } finally {
      await db.execute(sql`drop trigger address_book_boom on address_book`);
      await db.execute(sql`drop function address_book_boom()`);
    }
    // The first chunk was written before the failure, then rolled back.
    expect((await c.get('/api/addresses')).json().meta.total).toBe(1);
    const again = (await upload(c, [header, ...rows].join('\n'), '')).json() as CsvImportReport;
    expect(again.imported).toBe(1_100);
    // Page 1 counts only 1,000 past itself ('1,000+'); page 11 (from row 1,000 on) counts them all.
    expect((await c.get('/api/addresses')).json().meta).toMatchObject({ total: 1_000, total_capped: true });
    expect((await c.get('/api/addresses?per_page=100&page=11')).json().meta).toMatchObject({ total: 1_101, total_capped: false });

    // Searches in a book this size: one matching more than 1,000 past the page walks the sort
    // index; a narrower one is sorted whole; a page past the end still counts.
    const companies = async (query: string) => {
      const body = (await c.get(`/api/addresses?${query}`)).json();
      return { names: body.data.map((a: AddressBookEntry) => a.company), meta: body.meta };
    };
    expect(await companies('q=dallas&dir=desc&per_page=3')).toMatchObject({
      names: ['Company 999', 'Company 998', 'Company 997'],
      meta: { total: 1_000, total_capped: true },
    });
    // 'company 10': 10, 100 to 109 and 1000 to 1099 but 1051 (the Boom Co line).
    expect(await companies('q=company 10&per_page=5&page=2')).toMatchObject({
      names: ['Company 1003', 'Company 1004', 'Company 1005', 'Company 1006', 'Company 1007'],
      meta: { total: 110, total_capped: false },
    });
    expect(await companies('q=company 10&per_page=100&page=3')).toMatchObject({ names: [], meta: { total: 110, total_capped: false } });

    // The export goes 1,000 entries at a time: every entry once, in the list's order, whatever the sort.
    for (const order of ['', 'sort=company&dir=desc', 'sort=created_at&dir=desc', 'sort=city']) {
      const lines = (await c.get(`/api/addresses/export.csv?${order}`)).body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const names = lines.slice(1).map((l) => l.split(',')[0]);
      expect(names).toHaveLength(1_101);
      expect(new Set(names).size).toBe(1_101);
      if (order === 'sort=company&dir=desc') expect(names.slice(0, 2)).toEqual(['Company 999', 'Company 998']);
    }
  });

  it('exports the book re-importably: every row a duplicate of the book, all imported into an empty account', async () => {
    const c = await t.client().login('shipper@demo.test');
    await c.post(
      '/api/addresses',
      chicago({ company: '=HYPERLINK("http://evil.example","Click")', phone: '+52 55 1234 5678', street2: '@home' }),
    );
    await c.post('/api/addresses', chicago({ company: 'Café Olé, S.A.', street1: '12 "Quoted" Ave', street2: 'Line one' }));
    const res = await c.get('/api/addresses/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="address-book.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const csv = res.body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain(`'+52 55 1234 5678`);
    expect(csv).toContain(`'@home`);
    expect(csv).toContain('"Café Olé, S.A."');
    const total = (await c.get('/api/addresses?per_page=100&page=11')).json().meta.total as number;

    const again = (await upload(c, csv)).json() as CsvImportReport;
    expect(again.errors).toEqual([]);
    expect(again.rows_total).toBe(total);
    expect(again.rows_valid).toBe(0);
    expect(again.duplicates.filter((d) => d.of === 'book')).toHaveLength(again.duplicates.length);
    // The book holds a few entries with the same key (the tests above): those are all duplicates.
    expect(again.duplicates).toHaveLength(total);

    const empty = await freshAccount();
    const into = (await upload(empty, csv, '')).json() as CsvImportReport;
    const book = (await c.get('/api/addresses?per_page=100')).json().data as AddressBookEntry[];
    const keys = new Set(book.map((a) => `${a.company.toLowerCase()}|${a.street1.toLowerCase()}|${a.postal_code.replace(/\s/g, '')}`));
    expect(into.errors).toEqual([]);
    expect(into.imported).toBe(keys.size);
    const copied = (await empty.get('/api/addresses?per_page=100')).json().data as AddressBookEntry[];
    const strip = ({ id, created_at, updated_at, ...rest }: AddressBookEntry) => rest;
    const evil = copied.find((a) => a.company.startsWith('=HYPERLINK'));
    expect(evil).toMatchObject({ company: '=HYPERLINK("http://evil.example","Click")', phone: '+52 55 1234 5678', street2: '@home' });
    for (const a of copied) expect(book.map(strip)).toContainEqual(strip(a));
  });

  it('exports the filtered view in the list order', async () => {
    const c = await t.client().login('shipper@demo.test');
    const res = await c.get('/api/addresses/export.csv?q=chicago&sort=company&dir=desc');
    const companies = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    const list = (await c.get('/api/addresses?q=chicago&sort=company&dir=desc&per_page=100')).json().data as AddressBookEntry[];
    expect(companies.length).toBe(list.length);
    expect(writeCsv(ADDRESS_CSV_COLUMNS, [])).toBe(`\uFEFF${header}\r\n`);
  });
});
