import { describe, expect, it } from 'vitest';
import { resources } from './i18n';

type Tree = { [key: string]: string | Tree };

function entriesOf(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]): [string, string][] =>
    typeof v === 'string' ? [[`${prefix}${k}`, v]] : entriesOf(v, `${prefix}${k}.`),
  );
}
const keysOf = (tree: Tree) => entriesOf(tree).map(([k]) => k);

describe('web catalogs', () => {
  it('word every English key in Spanish too, and no key in Spanish alone', () => {
    const en = keysOf(resources.en.translation as Tree).sort();
    const es = keysOf(resources.es.translation as Tree).sort();
    expect(es.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !es.includes(k))).toEqual([]);
  });

  it('leave no Spanish string empty', () => {
    const empty = entriesOf(resources.es.translation as Tree).filter(([, v]) => v.trim() === '');
    expect(empty).toEqual([]);
  });
});
