import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PublicNotices } from '../../../components/notices/PublicNotices';
import { PageHeader } from '../../../components/PageHeader';
import { PublicTracking } from './PublicTracking';

/** Public tracking page, a guest page (no login needed): /track-shipment?number=<BOL, PRO or tracking number>. */
export function PublicTrackingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('public_tracking.title')} />
      <PublicNotices />
      <Text mb="lg" c="dimmed">
        {t('public_tracking.intro')}
      </Text>
      <PublicTracking />
    </>
  );
}
