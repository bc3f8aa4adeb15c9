import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader';
import { paths } from '../../../../lib/paths';
import { carrierScorecardQuery } from '../../api/scorecardsApi';
import { ScorecardPanel } from '../../components/carrier-scorecards/ScorecardPanel';

/** One carrier's scorecard, for every staff role (the carrier's own admin page shows it to super_admin too). */
export function CarrierScorecardRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const carrier = useQuery(carrierScorecardQuery(id)).data?.carrier;
  return (
    <Stack gap="md">
      <PageHeader
        title={carrier ? t('admin.scorecards.title_of', { carrier: `${carrier.name} (${carrier.scac})` }) : t('admin.scorecards.title')}
      />
      <Anchor component={Link} to={paths.admin.page('carrierScorecards')} size="sm">
        {t('admin.scorecards.back')}
      </Anchor>
      <ScorecardPanel carrierId={id} />
    </Stack>
  );
}
