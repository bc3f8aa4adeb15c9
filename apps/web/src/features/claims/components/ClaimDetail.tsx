import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Composer } from '../../../components/chat/Composer';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { isApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { CLAIMS_KEY, claimKey, getClaim, SHIPPER_UPLOAD_PATH, sendClaimMessage } from '../api/claimsApi';
import { ClaimAmounts, ClaimClocks, ClaimFactsSection, ClaimMessages, ClaimOutcome, PacketDownload } from './ClaimParts';

/** What the filing form hands the claim's page: the claim just filed, and whether its files failed to attach. */
export interface FiledState {
  filed?: string;
  filesFailed?: boolean;
}

/**
 * One claim as its shipper follows it: the facts, the goods and totals, the clocks, the carrier's
 * decision and payment with the credit it brought, the packet PDF, and the thread with a reply box.
 */
export function ClaimDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const writes = useCan('shipments.book');
  const seesInvoices = useCan('invoices.view');
  const state = (useLocation().state ?? {}) as FiledState;
  const query = useQuery({ queryKey: claimKey(id), queryFn: () => getClaim(id) });
  const claim = query.data;

  if (!claim) {
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <PageHeader title={t('claims.title')} />
        <Stack gap="sm" align="flex-start">
          {missing ? <Text>{t('claims.not_found')}</Text> : <QueryStatus query={query} />}
          <Anchor component={Link} to={paths.claims}>
            {t('claims.back')}
          </Anchor>
        </Stack>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('claims.claim_title', { number: claim.number })} />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Anchor component={Link} to={paths.claims}>
            {t('claims.back')}
          </Anchor>
          <PacketDownload claim={claim} />
        </Group>
        {state.filed === claim.number && (
          <Alert color="green" role="status">
            {t('claims.file.filed', { number: claim.number })}
          </Alert>
        )}
        {state.filesFailed && (
          <Alert color="orange" role="alert">
            {t('claims.file.files_failed')}
          </Alert>
        )}
        <ClaimFactsSection claim={claim} shipmentHref={paths.trackDetail(claim.shipment_id)} />
        <ClaimAmounts claim={claim} />
        <ClaimClocks claim={claim} />
        <ClaimOutcome
          claim={claim}
          credit={claim.credit_memo}
          creditHref={claim.credit_memo && seesInvoices ? paths.invoiceDetail(claim.credit_memo.id) : undefined}
        />
        <Section title={t('claims.thread.title')}>
          <Stack gap="md">
            <ClaimMessages claim={claim} />
            {claim.status === 'closed' ? (
              <Text c="dimmed">{t('claims.thread.closed')}</Text>
            ) : (
              writes && (
                <Composer
                  uploadPath={SHIPPER_UPLOAD_PATH}
                  label={t('claims.thread.reply')}
                  send={async (body, attachmentIds) => {
                    const updated = await sendClaimMessage(claim.id, body, attachmentIds);
                    qc.setQueryData(claimKey(claim.id), updated);
                    await qc.invalidateQueries({ queryKey: [...CLAIMS_KEY, 'list'] });
                  }}
                />
              )
            )}
          </Stack>
        </Section>
      </Stack>
    </>
  );
}
