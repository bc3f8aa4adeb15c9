import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { SecurityRoute } from './SecurityRoute';

/** The staff's Security page in the admin area: the same panels as Settings > Security, under its heading. */
export function AdminSecurityRoute() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageHeader title={t('security.title')} />
      <SecurityRoute />
    </Stack>
  );
}
