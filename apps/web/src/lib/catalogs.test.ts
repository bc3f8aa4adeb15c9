import { ADMIN_PAGE_KEYS, LANGUAGES } from '@freight/domain';
import { describe, expect, it } from 'vitest';
import { firstVisitCatalog, loadAllCatalogs } from './i18n';

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

  it("hold the frames' words in the first-visit catalogs, so a screen's route need not load them", async () => {
    // The layouts around every screen: the menus, the page names and the settings' tabs they show.
    const frames = import.meta.glob<string>(
      ['../app/layouts/*.tsx', '!../app/layouts/*.test.tsx', '../features/settings/routes/SettingsLayout.tsx'],
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    );
    const literal = /'((?:app|nav|admin\.pages|settings\.tabs)\.[\w.]+)'/g;
    const keys = new Set([
      ...Object.values(frames).flatMap((source) => [...source.matchAll(literal)].map((m) => m[1] ?? '')),
      // The admin area's menu names each page by its key.
      ...ADMIN_PAGE_KEYS.map((page) => `admin.pages.${page}`),
    ]);
    expect(keys.size).toBeGreaterThan(30);
    for (const language of LANGUAGES) {
      const words = new Set(keysOf(await firstVisitCatalog(language)));
      expect(
        [...keys].filter((k) => !words.has(k)),
        language,
      ).toEqual([]);
    }
  });
});
