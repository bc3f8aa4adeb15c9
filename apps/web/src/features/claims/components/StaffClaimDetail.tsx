import { Alert, Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Composer } from '../../../components/chat/Composer';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { isApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import {
  type StaffClaimDetail as Claim,
  getStaffClaim,
  STAFF_CLAIMS_KEY,
  STAFF_UPLOAD_PATH,
  sendStaffMessage,
  staffClaimKey,
} from '../api/claimsApi';
import { ClaimAmounts, ClaimClocks, ClaimFactsSection, ClaimMessages, ClaimOutcome, Fact, PacketDownload } from './ClaimParts';
import { AcknowledgeForm, AssignPanel, CloseClaim, DecisionForm, PaymentForm } from './StaffActions';

/**
 * A claim as staff carry it to the carrier: the account and assignee, the steps the status allows
 * next (the carrier's acknowledgement, its decision, its payment, closing), the clocks, the goods
 * and totals, and the thread, where staff write to the shipper or record what the carrier wrote.
 */
export function StaffClaimDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const qc = useQueryClient();
  const query = useQuery({ queryKey: staffClaimKey(id), queryFn: () => getStaffClaim(id) });
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const [author, setAuthor] = useState<'staff' | 'carrier'>('staff');
  // The form that was sent is gone with the step: focus goes to what was done.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const claim = query.data;

  if (!claim) {
    return (
      <>
        <PageHeader title={t('claims.queue.title')} />
        <Stack gap="sm" align="flex-start">
          {isApiError(query.error) && query.error.status === 404 ? <Text>{t('claims.not_found')}</Text> : <QueryStatus query={query} />}
          <Anchor component={Link} to={paths.admin.page('claims')}>
            {t('claims.queue.back')}
          </Anchor>
        </Stack>
      </>
    );
  }

  const onDone = (updated: Claim, message: string) => {
    qc.setQueryData(staffClaimKey(id), updated);
    void qc.invalidateQueries({ queryKey: [...STAFF_CLAIMS_KEY, 'queue'] });
    setDone(message);
  };
  const s = claim.status;
  const declined = claim.decision?.decision === 'declined';

  return (
    <>
      <PageHeader title={t('claims.claim_title', { number: claim.number })} />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Anchor component={Link} to={paths.admin.page('claims')}>
            {t('claims.queue.back')}
          </Anchor>
          <Group gap="sm">
            <PacketDownload claim={claim} staff />
            {(s === 'paid' || (s === 'decided' && declined)) && <CloseClaim claim={claim} onDone={onDone} />}
          </Group>
        </Group>
        {done && (
          <Alert color="green" role="status" ref={doneRef} tabIndex={-1}>
            {done}
          </Alert>
        )}
        <ClaimFactsSection
          claim={claim}
          shipmentHref={paths.admin.shipment(claim.shipment_id)}
          before={
            <Fact label={t('claims.facts.account')}>
              <Anchor component={Link} to={paths.admin.account(claim.account_id)}>
                {claim.account_name}
              </Anchor>
            </Fact>
          }
          after={
            claim.acknowledged_at && (
              <Fact label={t('claims.staff.acknowledge.title')}>
                {t('claims.staff.acknowledge.recorded', { date: fmt.date(claim.acknowledged_at) })}
              </Fact>
            )
          }
        />
        {s !== 'closed' && <AssignPanel claim={claim} onDone={onDone} />}
        {s === 'filed' && <AcknowledgeForm claim={claim} onDone={onDone} />}
        {(s === 'filed' || s === 'acknowledged') && <DecisionForm claim={claim} onDone={onDone} />}
        {s === 'decided' && !declined && <PaymentForm claim={claim} onDone={onDone} />}
        <ClaimOutcome
          claim={claim}
          credit={claim.credit_memo}
          creditHref={claim.credit_memo ? paths.admin.accountInvoice(claim.account_id, claim.credit_memo.id) : undefined}
          staff
        />
        <ClaimClocks claim={claim} />
        <ClaimAmounts claim={claim} />
        <Section title={t('claims.thread.title')}>
          <Stack gap="md">
            <ClaimMessages claim={claim} staff />
            {s === 'closed' ? (
              <Text c="dimmed">{t('claims.thread.closed')}</Text>
            ) : (
              <Composer
                uploadPath={STAFF_UPLOAD_PATH}
                label={t('claims.staff.thread.label')}
                leading={
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id="claim-author-label">
                      {t('claims.staff.thread.author')}
                    </Text>
                    <SegmentedControl
                      aria-labelledby="claim-author-label"
                      w="fit-content"
                      value={author}
                      onChange={(v) => setAuthor(v === 'carrier' ? 'carrier' : 'staff')}
                      data={[
                        { value: 'staff', label: t('claims.staff.thread.as_staff') },
                        { value: 'carrier', label: t('claims.staff.thread.as_carrier') },
                      ]}
                    />
                  </Stack>
                }
                leadingKeys={['author']}
                send={async (body, attachmentIds) => {
                  const updated = await sendStaffMessage(claim.id, { body, author, attachment_ids: attachmentIds });
                  qc.setQueryData(staffClaimKey(id), updated);
                }}
              />
            )}
          </Stack>
        </Section>
      </Stack>
    </>
  );
}
