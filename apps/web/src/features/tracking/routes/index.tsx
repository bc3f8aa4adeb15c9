import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../lib/paths';
import { TrackingDetail } from '../components/TrackingDetail';
import { TrackingList } from '../components/TrackingList';

/** /track: the shipments by status. */
export function TrackRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('tracking.title')} />
      <TrackingList />
    </>
  );
}

/** /track/detail/:loadId: one shipment's tracking. */
export function TrackDetailRoute() {
  const { t } = useTranslation();
  const { loadId = '' } = useParams();
  return (
    <>
      <Anchor component={Link} to={paths.track} size="sm" mb="xs" display="inline-block">
        ← {t('tracking.detail.back_to_tracking')}
      </Anchor>
      <PageHeader title={t('tracking.detail.title')} />
      <TrackingDetail key={loadId} id={loadId} />
    </>
  );
}
