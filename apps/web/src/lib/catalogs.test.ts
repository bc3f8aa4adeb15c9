import { describe, expect, it } from 'vitest';
import { loadAllCatalogs } from './i18n';

type Tree = { [key: string]: string | Tree };

function entriesOf(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]): [string, string][] =>
    typeof v === 'string' ? [[`${prefix}${k}`, v]] : entriesOf(v, `${prefix}${k}.`),
  );
}
const keysOf = (tree: Tree) => entriesOf(tree).map(([k]) => k);

describe('web catalogs', () => {
  it('word every English key in Spanish too, and no key in Spanish alone', async () => {
    const catalogs = await loadAllCatalogs();
    const en = keysOf(catalogs.en).sort();
    const es = keysOf(catalogs.es).sort();
    expect(es.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !es.includes(k))).toEqual([]);
  });

  it('leave no Spanish string empty', async () => {
    const empty = entriesOf((await loadAllCatalogs()).es).filter(([, v]) => v.trim() === '');
    expect(empty).toEqual([]);
  });
});
