import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { installErrorHandling } from '../plugins/errors';
import {
  CSV_CHUNK_ROWS,
  csvBodyParser,
  csvRows,
  csvUploadOf,
  neutralizeCell,
  parseCsvRows,
  readCsv,
  unneutralizeCell,
  writeCsv,
  writeCsvStream,
} from './csv';

const columns = ['name', 'phone', 'active', 'weight'] as const;
const schema = z.object({
  name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }),
  phone: z.string().trim().optional().default(''),
  active: z.boolean({ error: 'validation.choice' }).default(false),
  weight: z.number({ error: 'validation.required' }).positive({ error: 'validation.positive' }),
});
type Row = z.output<typeof schema>;
const spec = {
  columns,
  types: { active: 'boolean', weight: 'number' } as const,
  schema,
  key: (r: Row) => r.name.toLowerCase().replace(/\s+/g, ' '),
};

describe('formula neutralisation', () => {
  it('prefixes a single quote to cells that start with = + - @ tab or carriage return', () => {
    for (const v of ['=SUM(A1:A2)', '+1 312 555 0100', '-5', '@cmd', '\tx', '\rx']) expect(neutralizeCell(v)).toBe(`'${v}`);
    for (const v of ['plain', '', "O'Hare", 'a=b', ' =x']) expect(neutralizeCell(v)).toBe(v);
  });

  it('round-trips every value, also one that already starts with quotes before a formula character', () => {
    for (const v of ['=1+1', "'=1+1", "''@x", "'plain", 'plain', '-', "'"]) expect(unneutralizeCell(neutralizeCell(v))).toBe(v);
  });

  it('streams the same text as it writes whole, batch by batch (an empty batch writes nothing)', async () => {
    const rows = [
      { name: '=1+1', phone: '', active: true, weight: 1 },
      { name: 'Café "Olé", S.A.', phone: '@home', active: false, weight: 2.5 },
      { name: 'Line\nbreak', phone: '', active: true, weight: 3 },
    ];
    async function* batches() {
      yield rows.slice(0, 2);
      yield [];
      yield rows.slice(2);
    }
    const pieces: string[] = [];
    for await (const piece of writeCsvStream(columns, batches())) pieces.push(piece);
    expect(pieces.join('')).toBe(writeCsv(columns, rows));
    const empty: string[] = [];
    for await (const piece of writeCsvStream(columns, (async function* () {})())) empty.push(piece);
    expect(empty.join('')).toBe(writeCsv(columns, []));
  });

  it('writes neutralised cells and reads them back to the same rows', async () => {
    const rows = [
      { name: '=HYPERLINK("http://evil","x")', phone: '+1 (312) 555-0100', active: true, weight: 12.5 },
      { name: 'Café "Olé", S.A.', phone: '', active: false, weight: 1 },
      { name: 'Line\nbreak', phone: '@home', active: true, weight: 3 },
    ];
    const text = writeCsv(columns, rows);
    expect(text.startsWith('\uFEFFname,phone,active,weight\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(text).toContain("'+1 (312) 555-0100");
    const { report, rows: back } = await readCsv(text, spec, { language: 'en' });
    expect(report).toMatchObject({ rows_total: 3, rows_valid: 3, errors: [], duplicates: [] });
    expect(back.map((r) => r.value)).toEqual(rows);
    expect(back.map((r) => r.line)).toEqual([2, 3, 4]);
  });
});

describe('reading', () => {
  it('numbers rows by file line: a BOM, CRLF, blank lines and multi-line quoted fields', async () => {
    const text = '\uFEFFa,b\r\n1,"x\r\ny"\r\n\r\n2,3\n  \n4,5';
    const expected = [
      [1, ['a', 'b']],
      [2, ['1', 'x\ny']],
      [5, ['2', '3']],
      [7, ['4', '5']],
    ];
    expect((await parseCsvRows(text)).map((r) => [r.line, r.cells])).toEqual(expected);
    // The same rows and lines however an upload's pieces cut the text (a CRLF or a quote included).
    for (let cut = 1; cut < text.length; cut += 1) {
      const pieces = (async function* () {
        yield text.slice(0, cut);
        yield text.slice(cut);
      })();
      const rows = [];
      for await (const row of csvRows(pieces)) rows.push([row.line, row.cells]);
      expect(rows, `cut at ${cut}`).toEqual(expected);
    }
  });

  it('reads a long file piece by piece with the lines of the whole text', async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => (i % 7 === 0 ? `"multi\nline ${i}",x` : `row ${i},"q ""${i}"""`));
    const text = `a,b\n${lines.join('\r\n')}\n`;
    const pieces = (async function* () {
      for (let at = 0; at < text.length; at += 4093) yield text.slice(at, at + 4093);
    })();
    const streamed = [];
    for await (const row of csvRows(pieces)) streamed.push(row);
    expect(streamed).toEqual(await parseCsvRows(text));
    expect(streamed).toHaveLength(30_001);
    expect(streamed.at(-1)).toMatchObject({ cells: ['row 29999', 'q "29999"'] });
  });

  it('reports bad rows with their line, field and translated message; empty optional cells take defaults', async () => {
    const text = [
      'Name,PHONE,active,weight', // any case
      'Good,,,2',
      ',555,maybe,abc',
      'Short,1',
      'Neg,,no,-1',
      'Open,"x,1,2',
    ].join('\n');
    const { report, rows } = await readCsv(text, spec, { language: 'en' });
    expect(rows).toEqual([{ line: 2, value: { name: 'Good', phone: '', active: false, weight: 2 } }]);
    expect(report.rows_total).toBe(5);
    expect(report.rows_valid).toBe(1);
    expect(report.errors).toEqual([
      { line: 3, field: 'name', message: 'Field is required' },
      { line: 3, field: 'active', message: 'Enter true or false (yes/no, 1/0)' },
      { line: 3, field: 'weight', message: 'Enter a number' },
      { line: 4, field: null, message: expect.stringContaining('2 cells where the header has 4') },
      { line: 5, field: 'weight', message: 'Enter a number greater than zero' },
      { line: 6, field: null, message: 'A field opened with a double quote is never closed' },
    ]);
  });

  it('translates into the caller language', async () => {
    const { report } = await readCsv('name,phone,active,weight\n,,,1', spec, { language: 'es' });
    expect(report.errors[0]).toMatchObject({ line: 2, field: 'name' });
    expect(report.errors[0]?.message).not.toBe('Field is required');
  });

  it('checks the header: missing, unknown and repeated columns, nothing read', async () => {
    const { report, rows } = await readCsv('name,name,colour,weight\nA,B,red,1', spec, { language: 'en' });
    expect(rows).toEqual([]);
    expect(report.errors.map((e) => [e.line, e.field])).toEqual([
      [1, null],
      [1, null],
      [1, null],
    ]);
    expect(report.errors.map((e) => e.message).join(' | ')).toMatch(/colour.*name.*phone, active/);
    const empty = await readCsv('', spec, { language: 'en' });
    expect(empty.report.errors[0]?.message).toContain('name, phone, active, weight');
  });

  it('finds duplicates within the file and against stored rows, by the normalised key', async () => {
    const text = 'name,phone,active,weight\nAcme,,,1\nacme ,,,1\nStored  Co,,,1\nOther,,,1\nOTHER,,,1';
    const { report, rows } = await readCsv(text, spec, {
      language: 'en',
      findExisting: async (keys) => new Map(keys.filter((k) => k === 'stored co').map((k) => [k, 'id-1'])),
    });
    expect(rows.map((r) => r.line)).toEqual([2, 5]);
    expect(report.rows_valid).toBe(2);
    expect(report.duplicates).toEqual([
      { line: 3, of: 'file', existing_id: null, duplicate_of_line: 2 },
      { line: 4, of: 'book', existing_id: 'id-1', duplicate_of_line: null },
      { line: 6, of: 'file', existing_id: null, duplicate_of_line: 5 },
    ]);
  });

  it('runs the per-row hook: extra errors and a changed value', async () => {
    const { report, rows } = await readCsv(
      'name,phone,active,weight\nok,,,1\nbad,,,1',
      {
        ...spec,
        check: (v: Row) =>
          v.name === 'bad' ? { errors: { name: ['validation.choice'] } } : { value: { ...v, name: v.name.toUpperCase() } },
      },
      { language: 'en' },
    );
    expect(rows.map((r) => r.value.name)).toEqual(['OK']);
    expect(report.errors).toEqual([{ line: 3, field: 'name', message: 'Choose one of the listed options' }]);
  });

  it('writes chunk by chunk while reading on: in file order, one write at a time, never a lookup during a write', async () => {
    // 2.5 chunks of rows; the last line repeats the first (a duplicate across chunks).
    const names = Array.from({ length: CSV_CHUNK_ROWS * 2.5 }, (_, i) => `Co ${i}`);
    const text = `name,phone,active,weight\n${[...names, 'co 0'].map((n) => `${n},,,1`).join('\n')}`;
    const events: string[] = [];
    let writing = false;
    const written: string[][] = [];
    const { report, rows } = await readCsv(text, spec, {
      language: 'en',
      findExisting: async (keys) => {
        events.push(writing ? 'lookup during a write' : `lookup ${keys.length}`);
        return new Map(keys.filter((k) => k === 'co 1500').map((k) => [k, 'id-1']));
      },
      write: async (chunk) => {
        writing = true;
        await new Promise((resolve) => setTimeout(resolve, 5));
        written.push(chunk.map((r) => r.name));
        events.push(`write ${chunk.length}`);
        writing = false;
      },
    });
    expect(events).toEqual(['lookup 1000', 'write 1000', 'lookup 1000', 'write 999', 'lookup 500', 'write 500']);
    expect(written.flat()).toEqual(names.filter((n) => n !== 'Co 1500'));
    expect(rows).toEqual([]); // written, not kept
    expect(report.rows_valid).toBe(2_499);
    expect(report.duplicates).toEqual([
      { line: 1_502, of: 'book', existing_id: 'id-1', duplicate_of_line: null },
      { line: 2_502, of: 'file', existing_id: null, duplicate_of_line: 2 },
    ]);
  });

  it("ends with a write's error, also when it fails while the next chunk is read", async () => {
    const text = `name,phone,active,weight\n${Array.from({ length: CSV_CHUNK_ROWS * 2 }, (_, i) => `Co ${i},,,1`).join('\n')}`;
    let writes = 0;
    const error = await readCsv(text, spec, {
      language: 'en',
      write: async () => {
        writes += 1;
        throw new Error('disk full');
      },
    }).catch((e: unknown) => e);
    expect(error).toEqual(new Error('disk full'));
    expect(writes).toBe(1);
  });

  it('refuses more rows than the limit with 422 saying the limit', async () => {
    const text = `name,phone,active,weight\n${'a,,,1\n'.repeat(11)}`;
    const error = await readCsv(text, spec, { language: 'en', maxRows: 10 }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(422);
    expect(error.errors).toEqual({ file: ['csv.too_many_rows'] });
    expect(error.params).toEqual({ rows: '11', limit: '10' });
  });

  it('stops checking at the limit and counts the rest without keeping them', async () => {
    const checked: number[] = [];
    const text = `name,phone,active,weight\n${'a,,,1\n'.repeat(200_000)}`;
    const error = await readCsv(
      text,
      {
        ...spec,
        check: (v, line) => {
          checked.push(line);
          return { value: v };
        },
      },
      { language: 'en', maxRows: 10 },
    ).catch((e) => e);
    expect(error.params).toEqual({ rows: '200,000', limit: '10' });
    expect(checked.length).toBeLessThanOrEqual(10);
  });
});

describe('csvBodyParser', () => {
  it('takes text/csv in its scope only, and answers 413 saying the limit beyond it', async () => {
    const app = Fastify();
    installErrorHandling(app);
    await app.register(async (scope) => {
      csvBodyParser(scope, { maxBytes: 1024 * 1024 });
      scope.post('/csv', async (request) => {
        let length = 0;
        for await (const piece of csvUploadOf(request.body)) length += piece.length;
        return { length };
      });
    });
    app.post('/json', async () => ({ ok: true }));
    const ok = await app.inject({ method: 'POST', url: '/csv', payload: 'a,b\n1,2', headers: { 'content-type': 'text/csv' } });
    expect(ok.json()).toEqual({ length: 7 });
    const big = await app.inject({
      method: 'POST',
      url: '/csv',
      payload: 'x'.repeat(1024 * 1024 + 1),
      headers: { 'content-type': 'text/csv' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The file is too large: the limit is 1 MB', code: 'payload_too_large' });
    // Streamed, with no Content-Length: refused once the bytes read pass the limit.
    const streamed = await app.inject({
      method: 'POST',
      url: '/csv',
      payload: Readable.from([Buffer.alloc(700 * 1024, 'x'), Buffer.alloc(400 * 1024, 'x')]),
      headers: { 'content-type': 'text/csv' },
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().code).toBe('payload_too_large');
    const nul = await app.inject({ method: 'POST', url: '/csv', payload: 'a\u0000b', headers: { 'content-type': 'text/csv' } });
    expect(nul.statusCode).toBe(422);
    // A character cut between two pieces is read whole.
    const accents = await app.inject({
      method: 'POST',
      url: '/csv',
      payload: Readable.from([Buffer.from([0x61, 0xc3]), Buffer.from([0xa9])]),
      headers: { 'content-type': 'text/csv' },
    });
    expect(accents.json()).toEqual({ length: 2 });
    const elsewhere = await app.inject({ method: 'POST', url: '/json', payload: 'a,b', headers: { 'content-type': 'text/csv' } });
    expect(elsewhere.statusCode).toBe(415);
    await app.close();
  });
});
