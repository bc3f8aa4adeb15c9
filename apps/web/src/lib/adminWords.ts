import { type Tree, wordGroupSet } from './wordGroups';

/**
 * The admin area's word groups (wordGroups.ts), one per part of features/admin/locales: apart from
 * the features' (featureWords.ts), so a shipper's page does not download their loaders.
 */
export default wordGroupSet({
  en: import.meta.glob<Tree>('../features/admin/locales/*.en.json', { import: 'default' }),
  es: import.meta.glob<Tree>('../features/admin/locales/*.es.json', { import: 'default' }),
});
