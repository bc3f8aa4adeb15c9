import { InfoPage } from '../../../components/InfoPage';

export const MyShipmentsRoute = () => <InfoPage titleKey="pages.my_shipments.title" bodyKey="pages.my_shipments.body" />;
