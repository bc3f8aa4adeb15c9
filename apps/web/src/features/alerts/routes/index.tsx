import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../lib/paths';
import { AlertsList } from '../components/AlertsList';

/** /alerts: the account's shipment alerts, and the way to the settings that say how they arrive. */
export function AlertsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('alerts.title')} />
      <Text mb="xs">{t('alerts.intro')}</Text>
      <Text mb="md">
        <Anchor component={Link} to={paths.settings}>
          {t('alerts.settings_link')}
        </Anchor>
      </Text>
      <AlertsList />
    </>
  );
}
