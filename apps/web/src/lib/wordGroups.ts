import type { Language } from '@freight/domain';

export type Tree = { [key: string]: string | Tree };

/**
 * The screens' words in groups, each loaded with the screens that show it: a feature's
 * (`features/<feature>/locales/<part>.<lang>.json`, the group named as the feature) and each part of
 * the admin area's (`features/admin/locales/<part>.<lang>.json`, named `admin/<part>`: one page's or
 * a few pages', which no other admin page needs). A route names the groups whose words its screen
 * shows (app/screens.ts, checked by app/routeWords.test.ts), so My Shipments does not download the
 * quote form's or the claims' words, nor the staff's dashboard the pricing page's. A group's
 * catalogs in one language are one chunk (vite.config.ts). The loaders of the features' groups
 * (featureWords.ts) and of the admin area's (adminWords.ts) are modules apart, so a shipper's page
 * does not download the admin area's. Not in a group: the public tracking page's and the consignee
 * alerts' words, which are first-visit or lazy-chunk words.
 */

/** The feature a source path belongs to ('features/quotes/...', '../features/quotes/...'), or ''. */
export const featureOfPath = (path: string): string => /(?:^|\/)features\/([^/]+)\//.exec(path)?.[1] ?? '';

/** The word group of a catalog's path ('quotes', 'admin/pricing'), or ''. */
export function wordGroupOf(catalogPath: string): string {
  const found = /(?:^|\/)features\/([^/]+)\/locales\/([\w-]+)\.\w+\.json$/.exec(catalogPath);
  if (!found) return '';
  return found[1] === 'admin' ? `admin/${found[2]}` : (found[1] ?? '');
}

/** Where each language's catalogs of a set of word groups are: by path, each loaded when asked. */
export type GroupFiles = Record<Language, Record<string, () => Promise<Tree>>>;

/** A set of word groups: their names, and a group's catalogs in a language. */
export function wordGroupSet(files: GroupFiles) {
  return {
    groups: [...new Set(Object.keys(files.en).map(wordGroupOf))].sort(),
    catalogs(group: string, language: Language): Promise<Tree[]> {
      const loads = Object.entries(files[language])
        .filter(([path]) => wordGroupOf(path) === group)
        .map(([, load]) => load());
      if (loads.length === 0) return Promise.reject(new Error(`no words in the group '${group}'`));
      return Promise.all(loads);
    },
  };
}
