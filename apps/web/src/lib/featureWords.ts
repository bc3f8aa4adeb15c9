import { type Tree, wordGroupSet } from './wordGroups';

/**
 * The features' word groups (wordGroups.ts): every feature's catalogs but the admin area's
 * (adminWords.ts) and the first-visit or lazy-chunk ones of the public tracking page.
 * A glob per language: import.meta.glob takes literal patterns only.
 */
export default wordGroupSet({
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
});
