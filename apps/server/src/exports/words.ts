import type { Language } from '@freight/domain';
import adminEn from './locales/admin.en.json' with { type: 'json' };
import adminEs from './locales/admin.es.json' with { type: 'json' };
import en from './locales/exports.en.json' with { type: 'json' };
import es from './locales/exports.es.json' with { type: 'json' };

/** The staff lists' words (admin.<lang>.json) beside the shipper lists', section by section. */
const withAdmin = (lists: Record<string, object>, admin: Record<string, object>) =>
  Object.fromEntries([...new Set([...Object.keys(lists), ...Object.keys(admin)])].map((k) => [k, { ...lists[k], ...admin[k] }]));

/**
 * The exports' own words (column headers, sheet names, the few values no other catalog names),
 * kept beside the exports so the lists' catalogs stay as they are. Every key is in both
 * languages (words.test.ts).
 */
export const EXPORT_CATALOGS: Record<Language, Record<string, unknown>> = { en: withAdmin(en, adminEn), es: withAdmin(es, adminEs) };

function lookup(catalog: Record<string, unknown>, path: string): string | undefined {
  let node: unknown = catalog;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The word at `path` ('columns.bol_number') in `language`, else in English, else the path itself. */
export function exportWord(language: Language, path: string): string {
  return lookup(EXPORT_CATALOGS[language], path) ?? lookup(EXPORT_CATALOGS.en, path) ?? path;
}
