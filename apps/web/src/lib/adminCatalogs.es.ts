/**
 * The admin area's words in Spanish (`features/admin/locales/<part>.es.json`), as one chunk
 * apart from the other screens' (screenCatalogs.es.ts): about a third of those words, which a
 * shipper's pages never show. Loaded lazily by i18n.ts with the admin area's first screen.
 */
type Tree = { [key: string]: string | Tree };

const catalogs = import.meta.glob<Tree>('../features/admin/locales/*.es.json', { import: 'default', eager: true });

export default Object.values(catalogs);
