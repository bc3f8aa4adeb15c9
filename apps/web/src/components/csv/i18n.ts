import i18n from '../../lib/i18n';
import en from './locales/csv.en.json';
import es from './locales/csv.es.json';

/**
 * The CSV components word themselves (namespace `csv_import`; the contracts catalog already has a `csv` namespace for server messages): their catalogs are added to the app's
 * when this module loads, so a feature only passes its own texts (title, where records live).
 */
export const csvCatalogs = { en, es };
for (const [lang, tree] of Object.entries(csvCatalogs)) i18n.addResourceBundle(lang, 'translation', tree, true, false);
