import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every catalog pair of the repository (shared, the server's own and web) must carry the same keys. */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const catalogDirs = [join(root, 'packages/contracts/locales'), join(root, 'apps/web/src/locales')];

function keys(o: unknown, prefix = ''): string[] {
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
/** Each English catalog (`en.json`, `server.en.json`) beside its Spanish one. */
const catalogs = catalogDirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name === 'en.json' || name.endsWith('.en.json'))
    .map((name) => ({ dir, prefix: name.slice(0, -'en.json'.length), name })),
);
const load = (dir: string, name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8'));

describe.each(catalogs)('catalog $dir/$name', ({ dir, prefix, name }) => {
  const spanish = `${prefix}es.json`;
  const en = keys(load(dir, name));
  const es = keys(load(dir, spanish));
  it('has every English key in Spanish', () => expect(en.filter((k) => !es.includes(k))).toEqual([]));
  it('has every Spanish key in English', () => expect(es.filter((k) => !en.includes(k))).toEqual([]));
  it('has no empty string', () => {
    const empty = (o: unknown, p = ''): string[] =>
      Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
        typeof v === 'object' && v ? empty(v, `${p}${k}.`) : v === '' ? [`${p}${k}`] : [],
      );
    expect([...empty(load(dir, name)), ...empty(load(dir, spanish))]).toEqual([]);
  });
});
