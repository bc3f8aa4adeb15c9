/**
 * Every screen's words in English, as one chunk: the feature and shared-component catalogs
 * (`features/<feature>/locales/<part>.en.json`, `components/<group>/locales/...`) except the
 * first-visit and lazy-chunk ones i18n.ts names, and the admin area's (adminCatalogs.en.ts).
 * Loaded lazily by i18n.ts, a file per language because import.meta.glob takes literal patterns
 * only. Bundled together rather than a chunk per catalog: a screen's first visit asked for some
 * seventy small files, each a request the browser and the server handled on their own, for about
 * 60 KB of words once compressed (40 KB without the admin area's).
 */
import sharedScreens from '@freight/contracts/locales/screens.en.json';

type Tree = { [key: string]: string | Tree };

const catalogs = import.meta.glob<Tree>(
  [
    '../features/*/locales/*.en.json',
    '../components/*/locales/*.en.json',
    '!../features/public/locales/tracking.*.json',
    '!../features/public/locales/consignee-alerts.*.json',
    '!../components/tracking/locales/*.json',
    '!../components/notices/locales/*.json',
    // Staff's words come with the admin area only: a shipper's pages never show them.
    '!../features/admin/locales/*.json',
  ],
  { import: 'default', eager: true },
);

// The shared words only these screens show (CSV imports, catalogs, batches, customs), kept out of the first visit.
export default [sharedScreens as Tree, ...Object.values(catalogs)];
