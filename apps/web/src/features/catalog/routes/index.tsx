import { InfoPage } from '../../../components/InfoPage';

export const ProductCatalogRoute = () => <InfoPage titleKey="pages.product_catalog.title" bodyKey="pages.product_catalog.body" />;
