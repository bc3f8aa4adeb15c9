import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every catalog pair of the repository (shared and web) must carry the same keys. */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const catalogDirs = [join(root, 'packages/contracts/locales'), join(root, 'apps/web/src/locales')];

function keys(o: unknown, prefix = ''): string[] {
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}
const load = (dir: string, lang: string) => JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8'));

describe.each(catalogDirs.filter((d) => readdirSync(d).includes('en.json')))('catalog %s', (dir) => {
  const en = keys(load(dir, 'en'));
  const es = keys(load(dir, 'es'));
  it('has every English key in Spanish', () => expect(en.filter((k) => !es.includes(k))).toEqual([]));
  it('has every Spanish key in English', () => expect(es.filter((k) => !en.includes(k))).toEqual([]));
  it('has no empty string', () => {
    const empty = (o: unknown, p = ''): string[] =>
      Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
        typeof v === 'object' && v ? empty(v, `${p}${k}.`) : v === '' ? [`${p}${k}`] : [],
      );
    expect([...empty(load(dir, 'en')), ...empty(load(dir, 'es'))]).toEqual([]);
  });
});
