import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../lib/paths';
import { DutyRatesEditor } from '../components/DutyRatesEditor';

/** /admin/customs/duty-rates: the duty-rate tables of the three destinations, for those who work the customs queue. */
export function DutyRatesRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('customs.duty_rates.title')} />
      <Anchor component={Link} to={paths.admin.page('customs')} size="sm" mb="sm" display="block">
        {t('customs.duty_rates.back')}
      </Anchor>
      <Text mb="md" maw={720}>
        {t('customs.duty_rates.intro')}
      </Text>
      <DutyRatesEditor />
    </>
  );
}
