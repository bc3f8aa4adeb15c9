import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InfoPage } from '../../../components/InfoPage';
import { SiteNotices } from '../../../components/notices/SiteNotices';
import { PageHeader } from '../../../components/PageHeader';
import { PublicTracking } from '../tracking/PublicTracking';
import { TruckloadConfirmation } from '../truckload/TruckloadConfirmation';

/** Public tracking page (no login needed): /track-shipment?number=<BOL, PRO or tracking number>. */
export function PublicTrackingRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('public_tracking.title')} />
      <SiteNotices public />
      <Text mb="lg" c="dimmed">
        {t('public_tracking.intro')}
      </Text>
      <PublicTracking />
    </>
  );
}
/** Public quote page. */
export const PublicQuoteRoute = () => <InfoPage titleKey="pages.public_quote.title" bodyKey="pages.public_quote.body" />;
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
