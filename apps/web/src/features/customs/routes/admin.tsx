import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../lib/paths';
import { CustomsQueue } from '../components/CustomsQueue';

/** /admin/customs: the shipments across a border by customs stage, for operations and the admins. */
export function CustomsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.pages.customs')} />
      <Text mb="sm">{t('customs.queue.intro')}</Text>
      {/* The rates the shippers' duties estimate reads are kept by the same staff, one door in. */}
      <Group mb="md">
        <Button component={Link} to={paths.admin.dutyRates} variant="light">
          {t('customs.duty_rates.open')}
        </Button>
      </Group>
      <CustomsQueue />
    </>
  );
}
