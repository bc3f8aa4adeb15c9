import fc from 'fast-check';

/**
 * Hostile inputs for the fuzz walk of every route (test/fuzz-walk.ts: no input may cause a 5xx).
 * Values on the wire are written percent-encoded, as a client would send them: raw control
 * characters cannot be put in a request line, and the point of some of them is that they do not
 * decode (an invalid sequence, a lone surrogate).
 */

/** The same text as encodeURIComponent, but lone surrogates are sent as their (invalid) UTF-8 bytes instead of throwing. */
export function wire(text: string) {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(text[i] as string);
  }
  return out;
}

const LONG = 'x'.repeat(10_000);

/** Path parameter and query values, as sent (already percent-encoded). */
export const HOSTILE_WIRE: readonly string[] = [
  // NUL and other control characters (PostgreSQL refuses NUL in text).
  '%00',
  'a%00b',
  '%01%1B%7F%C2%85',
  // A lone surrogate as UTF-8 bytes, bytes that are not UTF-8, an invalid escape.
  '%ED%A0%80',
  '%FF%FE',
  '%E0%A4%A',
  // Long: beyond the router's parameter limit (100), and just at it.
  LONG,
  'y'.repeat(100),
  // Numbers out of every range.
  '1e309',
  '-1',
  '2147483648',
  '9223372036854775808',
  // Dates far away or that do not exist.
  '0001-01-01',
  '9999-12-31',
  '2026-02-30',
  // Path traversal, SQL, JSON.
  '..%2F..%2Fetc%2Fpasswd',
  wire("'; drop table users; --"),
  wire('{"a":[]}'),
];

/** The values each known query key gets one at a time (the others left out, so only that key can be wrong). */
export const QUERY_WIRE: readonly string[] = [
  '%00',
  '%ED%A0%80',
  '%E0%A4%A',
  LONG,
  '1e309',
  '-1',
  '9223372036854775808',
  '0001-01-01',
  '9999-12-31',
  '2026-02-30',
];

/** Query keys the app's routes read (querystring schemas and handlers), tried where a route's own schema is not known. */
export const COMMON_QUERY_KEYS = [
  'q',
  'page',
  'per_page',
  'sort',
  'dir',
  'status',
  'from',
  'to',
  'date',
  'since',
  'mode',
  'kind',
  'code',
  'state',
  'expires',
  'signature',
  'dry_run',
  'account_id',
];

export interface HostileBody {
  name: string;
  contentType?: string;
  payload: string | Buffer;
}

const nested = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);

/** Bodies that are not what any route takes. */
export const HOSTILE_BODIES: readonly HostileBody[] = [
  { name: 'invalid JSON', contentType: 'application/json', payload: '{"a": ' },
  { name: 'empty JSON', contentType: 'application/json', payload: '' },
  { name: 'JSON null', contentType: 'application/json', payload: 'null' },
  { name: 'JSON string', contentType: 'application/json', payload: '"text"' },
  { name: 'JSON array', contentType: 'application/json', payload: '[1,2]' },
  { name: '10k nested arrays', contentType: 'application/json', payload: nested(10_000, '[', ']') },
  { name: '10k nested objects', contentType: 'application/json', payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` },
  {
    name: 'prototype pollution',
    contentType: 'application/json',
    payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  },
  {
    name: 'JSON with NUL and lone surrogates',
    contentType: 'application/json',
    payload: '{"\\u0000":"\\ud800","a\\u0000b":"\\udfff\\u0000"}',
  },
  { name: 'text/plain', contentType: 'text/plain', payload: 'hello' },
  { name: 'application/xml', contentType: 'application/xml', payload: '<?xml version="1.0"?><a>&lt;</a>' },
  {
    name: 'multipart garbage',
    contentType: 'multipart/form-data; boundary=xyz',
    payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n\u0000\u0001garbage\r\n--x',
  },
  { name: 'form-urlencoded garbage', contentType: 'application/x-www-form-urlencoded', payload: 'a=%E0%A4%A&b=%00&&=&c' },
  { name: 'no content type', payload: 'raw bytes \u0000' },
  { name: 'bad charset', contentType: 'application/json; charset=utf-7', payload: '{}' },
  { name: 'huge JSON string', contentType: 'application/json', payload: JSON.stringify({ a: 'x'.repeat(200_000) }) },
];

/** JSON values each known body key gets (raw JSON text, so 1e309 arrives as it was written). */
export const HOSTILE_JSON_VALUES: readonly string[] = [
  '"a\\u0000b"',
  '"\\ud800"',
  JSON.stringify(LONG),
  '1e309',
  '-1',
  '9223372036854775808',
  '"0001-01-01"',
  '"9999-12-31T23:59:59-05:00"',
  '{"a":[]}',
  'null',
];

const bom16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

/** Files for the CSV import routes (text/csv bodies). */
export const HOSTILE_CSV: readonly HostileBody[] = [
  { name: 'NUL bytes', contentType: 'text/csv', payload: Buffer.from('name,city\n\u0000a\u0000,b\u0000\n', 'utf8') },
  { name: 'UTF-16LE with BOM', contentType: 'text/csv', payload: bom16('description,weight_lb\nWidget,10\n') },
  { name: 'Latin-1', contentType: 'text/csv', payload: Buffer.from('description,city\nCafé,Montréal\n', 'latin1') },
  { name: 'broken quoting', contentType: 'text/csv', payload: 'a,b\n"unclosed,1\n"x""y,"2\n' },
  { name: 'only a BOM', contentType: 'text/csv; charset=utf-8', payload: '\uFEFF' },
  { name: 'empty', contentType: 'text/csv', payload: '' },
  { name: 'one huge cell', contentType: 'text/csv', payload: `a\n${'x'.repeat(300_000)}\n` },
  { name: '10k columns', contentType: 'text/csv', payload: `${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n1\n` },
  { name: 'lone surrogate escapes', contentType: 'text/csv', payload: Buffer.from([0x61, 0x0a, 0xed, 0xa0, 0x80, 0x0a]) },
];

/**
 * Files for a CSV import built on its own template (its header and example row), so the rows
 * reach the import's checks: a NUL in a cell, other encodings, broken quotes, values out of range.
 */
export function hostileCsvOf(template: string): HostileBody[] {
  const [header = '', row = ''] = template.replace(/^\uFEFF/, '').split(/\r?\n/);
  const cells = row.split(',');
  const every = (value: string) => `${header}\n${cells.map(() => value).join(',')}\n`;
  const text = `${header}\n${row}\n`;
  return [
    { name: 'template: NUL in a cell', contentType: 'text/csv', payload: `${header}\n\u0000${row}\n` },
    { name: 'template: UTF-16LE', contentType: 'text/csv', payload: bom16(text) },
    { name: 'template: Latin-1', contentType: 'text/csv', payload: Buffer.from(`${header}\nCafé Montréal${row}\n`, 'latin1') },
    { name: 'template: unclosed quote', contentType: 'text/csv', payload: `${header}\n"${row}\n${row}\n` },
    { name: 'template: 10k-character cells', contentType: 'text/csv', payload: every('x'.repeat(10_000)) },
    ...['1e309', '-1', '9223372036854775808', '0001-01-01', '9999-12-31', '2026-02-30', '"a""b', '%00'].map((v) => ({
      name: `template: every cell ${v}`,
      contentType: 'text/csv',
      payload: every(v),
    })),
  ];
}

/** Strings of any code units (lone surrogates and controls included), for parameters and query values. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 });

/** A JSON value of any shape, with hostile leaves. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyText,
    fc.double(),
    fc.integer({ min: -(2 ** 31) - 1, max: 2 ** 31 + 1 }),
    fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(Number),
    fc.constantFrom(null, true, false, '', '0001-01-01', '9999-12-31', '2026-02-30', '\u0000'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(anyText, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** `count` generated cases from a fixed seed: the walk is the same on every run. */
export function generated(seed: number, count: number, bodyKeys: readonly string[]) {
  const body = bodyKeys.length
    ? fc.record(Object.fromEntries(bodyKeys.map((k) => [k, anyJson])), { requiredKeys: [] })
    : fc.dictionary(anyText, anyJson, { maxKeys: 4 });
  return fc.sample(fc.record({ param: anyText, query: anyText, body }), { seed, numRuns: count });
}
