import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { TruckloadConfirmation } from '../truckload/TruckloadConfirmation';

/** The truckload confirmation page (no login): /truckload-confirmation/:token, the link the shipper sends. */
export function TruckloadConfirmationRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('truckload_confirmation.title')} />
      <TruckloadConfirmation />
    </>
  );
}
