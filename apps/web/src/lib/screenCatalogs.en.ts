/**
 * The words every screen may show in English, as one chunk: the shared components' catalogs
 * (`components/<group>/locales/<part>.en.json`) but the first-visit ones i18n.ts names, and the
 * contracts' screen words. The word groups' come apart (wordGroups.ts), with the
 * screens that show them. Loaded lazily by i18n.ts, a file per language because import.meta.glob
 * takes literal patterns only.
 */
import sharedScreens from '@freight/contracts/locales/screens.en.json';

type Tree = { [key: string]: string | Tree };

const catalogs = import.meta.glob<Tree>(
  ['../components/*/locales/*.en.json', '!../components/tracking/locales/*.json', '!../components/notices/locales/*.json'],
  { import: 'default', eager: true },
);

// The contracts' words only screens show (CSV imports, catalogs, batches, customs), kept out of the first visit.
export default [sharedScreens as Tree, ...Object.values(catalogs)];
