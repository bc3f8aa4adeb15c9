import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { StaffClaimDetail } from '../components/StaffClaimDetail';
import { StaffQueue } from '../components/StaffQueue';

/** /admin/claims: the claims queue of the staff who carry claims to the carriers. */
export function StaffClaimsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin.pages.claims')} />
      <Text mb="md">{t('claims.queue.intro')}</Text>
      <StaffQueue />
    </>
  );
}

/** /admin/claims/:id: one claim, worked here. */
export function StaffClaimRoute() {
  const { id = '' } = useParams();
  return <StaffClaimDetail id={id} />;
}
