import type { Language } from '@freight/domain';

type Tree = { [key: string]: string | Tree };
type Load = () => Promise<Tree>;

/**
 * Each feature's words (`features/<feature>/locales/<part>.<lang>.json`), loaded with the screens
 * that show them: a route names the features whose words its screen shows (router.tsx, checked by
 * app/routeWords.test.ts), so My Shipments does not download the quote form's or the claims' words.
 * A feature's catalogs in one language are one chunk (vite.config.ts). Not here: the admin area's
 * (adminCatalogs.<lang>.ts) and the public tracking page's, which are first-visit or lazy-chunk words.
 * A glob per language: import.meta.glob takes literal patterns only.
 */
const FILES: Record<Language, Record<string, Load>> = {
  en: import.meta.glob<Tree>(
    [
      '../features/*/locales/*.en.json',
      '!../features/admin/locales/*.json',
      '!../features/public/locales/tracking.*.json',
      '!../features/public/locales/consignee-alerts.*.json',
    ],
    { import: 'default' },
  ),
  es: import.meta.glob<Tree>(
    [
      '../features/*/locales/*.es.json',
      '!../features/admin/locales/*.json',
      '!../features/public/locales/tracking.*.json',
      '!../features/public/locales/consignee-alerts.*.json',
    ],
    { import: 'default' },
  ),
};

/** The feature a source path belongs to ('features/quotes/...', '../features/quotes/...'), or ''. */
export const featureOfPath = (path: string): string => /(?:^|\/)features\/([^/]+)\//.exec(path)?.[1] ?? '';

/** The features that have words of their own. */
export const WORD_FEATURES: readonly string[] = [...new Set(Object.keys(FILES.en).map(featureOfPath))].sort();

/** A feature's catalogs in `language`. */
export function featureCatalogs(feature: string, language: Language): Promise<Tree[]> {
  const loads = Object.entries(FILES[language])
    .filter(([path]) => featureOfPath(path) === feature)
    .map(([, load]) => load());
  if (loads.length === 0) return Promise.reject(new Error(`no words for the feature '${feature}'`));
  return Promise.all(loads);
}
