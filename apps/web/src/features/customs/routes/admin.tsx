import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { CustomsQueue } from '../components/CustomsQueue';

/** /admin/customs: the shipments across a border by customs stage, for operations and the admins. */
export function CustomsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.pages.customs')} />
      <Text mb="md">{t('customs.queue.intro')}</Text>
      <CustomsQueue />
    </>
  );
}
