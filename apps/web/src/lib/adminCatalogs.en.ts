/**
 * The admin area's words in English (`features/admin/locales/<part>.en.json`), as one chunk
 * apart from the other screens' (screenCatalogs.en.ts): about a third of those words, which a
 * shipper's pages never show. Loaded lazily by i18n.ts with the admin area's first screen.
 */
type Tree = { [key: string]: string | Tree };

const catalogs = import.meta.glob<Tree>('../features/admin/locales/*.en.json', { import: 'default', eager: true });

export default Object.values(catalogs);
