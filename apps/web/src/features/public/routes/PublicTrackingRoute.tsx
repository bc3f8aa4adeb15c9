import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SiteNotices } from '../../../components/notices/SiteNotices';
import { PageHeader } from '../../../components/PageHeader';
import { PublicTracking } from '../tracking/PublicTracking';

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
