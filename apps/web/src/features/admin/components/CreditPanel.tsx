import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryStatus } from '../../../components/QueryStatus';
import { creditQuery } from '../api/creditApi';
import { AccountInvoices } from './AccountInvoices';
import { CreditApplications } from './CreditApplications';
import { CreditRecord } from './CreditRecord';
import { CreditSummary } from './CreditSummary';
import { CreditTermsForm } from './CreditTermsForm';
import { DisputePanel } from './DisputePanel';
import { type HoldAction, HoldDialog } from './HoldDialog';
import { StaffInvoice } from './StaffInvoice';

/**
 * An account's credit for the accounting staff: where it stands and why, its terms
 * form, its credit applications, the manual hold placed or lifted with a reason, the credit record, its open invoices and
 * its open disputes, each worked in place. An invoice a link opened (`?invoice=`) shows above the list.
 */
export function CreditPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const q = useQuery(creditQuery(accountId));
  const [holdAction, setHoldAction] = useState<HoldAction | null>(null);
  const view = q.data;
  const [search, setSearch] = useSearchParams();
  const openInvoice = search.get('invoice');
  const closeInvoice = () =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('invoice');
        return next;
      },
      { replace: true },
    );
  return (
    <Card withBorder padding="md" data-testid="credit-panel">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('admin.credit.title')}
        </Title>
        <QueryStatus query={q} />
        {view && (
          <>
            <CreditSummary view={view} onHold={setHoldAction} />
            <CreditTermsForm view={view} />
            <Title order={3} size="h5">
              {t('admin.credit.applications.title')}
            </Title>
            <CreditApplications accountId={accountId} />
            <Title order={3} size="h5">
              {t('admin.credit.record')}
            </Title>
            <CreditRecord events={view.events} />
            <Title order={3} size="h5">
              {t('admin.credit.invoices.title')}
            </Title>
            {openInvoice && <StaffInvoice accountId={accountId} invoiceId={openInvoice} onClose={closeInvoice} />}
            <AccountInvoices accountId={accountId} />
            <Title order={3} size="h5">
              {t('admin.credit.disputes')}
            </Title>
            {view.open_disputes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('admin.credit.no_disputes')}
              </Text>
            ) : (
              view.open_disputes.map((d) => <DisputePanel key={d.id} dispute={d} />)
            )}
          </>
        )}
      </Stack>
      {holdAction && <HoldDialog accountId={accountId} action={holdAction} onClose={() => setHoldAction(null)} />}
    </Card>
  );
}
