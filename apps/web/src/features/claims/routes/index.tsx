import { Anchor, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { fetchShipment, shipmentKey } from '../../../components/tracking/api';
import { paths } from '../../../lib/paths';
import { ClaimDetail } from '../components/ClaimDetail';
import { ClaimsList } from '../components/ClaimsList';
import { FileClaimForm } from '../components/FileClaimForm';

/** /claims: the account's freight claims. */
export function ClaimsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('claims.title')} />
      <Text mb="md">{t('claims.intro')}</Text>
      <ClaimsList />
    </>
  );
}

/** /claims/:id: one claim. */
export function ClaimRoute() {
  const { id = '' } = useParams();
  return <ClaimDetail id={id} />;
}

/** /claims/file/:shipmentId: the claim form of a delivered (or lost) shipment. */
export function FileClaimRoute() {
  const { t } = useTranslation();
  const { shipmentId = '' } = useParams();
  const query = useQuery({ queryKey: shipmentKey(shipmentId), queryFn: ({ signal }) => fetchShipment(shipmentId, signal) });
  return (
    <>
      <PageHeader title={t('claims.file.title')} />
      {query.data ? (
        <FileClaimForm shipment={query.data} />
      ) : (
        <Stack gap="sm" align="flex-start">
          <QueryStatus query={query} />
          {query.error !== null && (
            <Anchor component={Link} to={paths.myShipments}>
              {t('claims.file.cancel')}
            </Anchor>
          )}
        </Stack>
      )}
    </>
  );
}
