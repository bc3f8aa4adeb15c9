import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { ShipmentHistory } from '../components/ShipmentHistory';

/** /my-shipments: My Shipments, 'Shipment History' in the sidebar. */
export function MyShipmentsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('shipments.title')} />
      <ShipmentHistory />
    </>
  );
}
