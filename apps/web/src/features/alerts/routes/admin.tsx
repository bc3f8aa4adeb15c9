import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { ExceptionsQueue } from '../components/ExceptionsQueue';

/** /admin/exceptions: the shipments that need a call, for operations and the admins. */
export function ExceptionsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.pages.exceptions')} />
      <Text mb="md">{t('alerts.queue.intro')}</Text>
      <ExceptionsQueue />
    </>
  );
}
