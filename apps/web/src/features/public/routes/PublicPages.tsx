import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SiteNotices } from '../../../components/notices/SiteNotices';
import { PageHeader } from '../../../components/PageHeader';
import { PublicQuote } from '../quote/PublicQuote';
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
/** The public quote page (no login): /public-quote. */
export function PublicQuoteRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('public_quote.title')} />
      <PublicQuote />
    </>
  );
}
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
