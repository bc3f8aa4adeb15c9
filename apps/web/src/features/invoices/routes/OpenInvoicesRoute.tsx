import { INVOICE_SORTS, type InvoiceListItem, type InvoicePaymentResult, type InvoiceSort } from '@freight/contracts';
import { DEFAULT_SETTINGS, INVOICE_FILTERS, type InvoiceFilter } from '@freight/domain';
import { Alert, Anchor, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { ListTable } from '../../../components/list/ListTable';
import { useListParams } from '../../../components/list/useListParams';
import { paymentFailureText } from '../../../components/payment/paymentFailure';
import { useChallengeReturn } from '../../../components/payment/useChallengeReturn';
import { useAuthUser } from '../../../lib/auth';
import { useCan } from '../../../lib/permissions';
import { confirmInvoicePayment, getInvoiceSummary, INVOICES_KEY, listOpenInvoices } from '../api/invoicesApi';
import { AgingSummary } from '../components/AgingSummary';
import { InvoiceSearch } from '../components/InvoiceSearch';
import { InvoiceHead, InvoiceRow } from '../components/InvoiceTable';
import { usePaymentDone } from '../components/usePaymentDone';

// Loaded when first opened: its form's schema would bring the validation library to the list.
const PayDialog = lazy(() => import('../components/PayDialog').then((m) => ({ default: m.PayDialog })));

const isFilter = (v: string | null): v is InvoiceFilter => !!v && (INVOICE_FILTERS as readonly string[]).includes(v);

/**
 * Open Invoices (/my-invoices): the aging summary and any credit hold,
 * the filters All / Current / Past Due / Disputed, search, sort and server paging kept in the URL,
 * and paying the selected invoices in one payment.
 */
export function OpenInvoicesRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const list = useListParams(INVOICE_SORTS);
  const { page, q, search, setSearch } = list;
  const filter = isFilter(list.params.get('filter')) ? (list.params.get('filter') as InvoiceFilter) : 'all';
  // Without a sort in the URL the server lists the oldest due date first.
  const sort: InvoiceSort = list.sort ?? 'due_date';
  const dir = list.dir ?? 'asc';
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;
  const [selected, setSelected] = useState<Map<string, InvoiceListItem>>(new Map());
  const [paying, setPaying] = useState(false);
  /** Why 'Pay selected' did not open the dialog: nothing selected, or invoices of more than one currency. */
  const [payProblem, setPayProblem] = useState<'none' | 'currency' | null>(null);
  const paymentDone = usePaymentDone();
  // A role that reads invoices without paying them gets the list without its selection and Pay.
  const mayPay = useCan('invoices.pay');

  const paid = async (result: InvoicePaymentResult) => {
    setPaying(false);
    setSelected(new Map());
    await paymentDone(result);
  };
  // Back from the card issuer's 3-D Secure page: the server says how the payment ended; the lists
  // wait for that answer (listed before, they would show the balances it paid).
  const challenge = useChallengeReturn('payment_intent', confirmInvoicePayment, (r) => void paid(r));
  const summary = useQuery({ queryKey: [...INVOICES_KEY, 'summary'], queryFn: getInvoiceSummary, enabled: !challenge.checking });
  const query = useQuery({
    queryKey: [...INVOICES_KEY, 'open', { filter, q, sort, dir, page, perPage }],
    queryFn: () => listOpenInvoices({ filter, q: q || undefined, sort, dir, page, per_page: perPage }),
    placeholderData: keepPreviousData,
    enabled: !challenge.checking,
  });

  const rows = query.data?.data ?? [];
  const payable = rows.filter((r) => r.balance_cents > 0);
  const selectedOnPage = payable.filter((r) => selected.has(r.id)).length;
  const select = (row: InvoiceListItem, on: boolean) =>
    setSelected((m) => {
      const next = new Map(m);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  // The selected invoices as last listed (a refetch after a conflict brings their new balances).
  const toPay = [...selected.values()].map((s) => rows.find((r) => r.id === s.id) ?? s);
  const mixed = new Set(toPay.map((i) => i.currency)).size > 1;
  const paySelected = () => {
    const problem = toPay.length === 0 ? 'none' : mixed ? 'currency' : null;
    setPayProblem(problem);
    if (!problem) setPaying(true);
  };
  const sortBy = (column: InvoiceSort) => list.sortBy(column, { sort: 'due_date', dir: 'asc' });

  return (
    <Stack gap="md">
      {challenge.checking && (
        <Text size="sm" role="status">
          {t('invoices.pay.challenge_checking')}
        </Text>
      )}
      {challenge.error && (
        <Alert color="red" role="alert" title={t('invoices.pay.challenge_failed_title')} data-testid="invoice-challenge-failed">
          {paymentFailureText(t, challenge.error)}
        </Alert>
      )}
      {summary.data && <AgingSummary summary={summary.data} />}
      <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
        <Group align="flex-end" gap="md" wrap="wrap">
          <SegmentedControl
            aria-label={t('invoices.filter_label')}
            value={filter}
            onChange={(v) => list.update({ filter: v === 'all' ? null : v, page: null })}
            data={INVOICE_FILTERS.map((f) => ({ value: f, label: t(`invoices.filters.${f}`) }))}
          />
          <InvoiceSearch value={search} onChange={setSearch} />
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ExportMenu
            path="/api/invoices/export"
            query={{ filter: filter === 'all' ? undefined : filter, q: q || undefined, sort, dir }}
            fileName="open-invoices"
          />
          {mayPay && (
            <Button onClick={paySelected}>
              {selected.size ? t('invoices.pay_selected_count', { count: selected.size }) : t('invoices.pay_selected')}
            </Button>
          )}
        </Group>
      </Group>
      {((payProblem === 'none' && toPay.length === 0) || (payProblem === 'currency' && mixed)) && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setPayProblem(null)}>
          {payProblem === 'none' ? t('validation.invoices_required') : t('invoices.pay.one_currency')}
        </Alert>
      )}
      {query.error && !query.data ? (
        <Alert color="red">
          {t('invoices.load_error')}{' '}
          <Anchor component="button" onClick={() => void query.refetch()}>
            {t('invoices.retry')}
          </Anchor>
        </Alert>
      ) : (
        <ListTable
          list={list}
          query={{ data: query.data, isPending: query.isPending, error: null, isPlaceholderData: query.isPlaceholderData }}
          minWidth={960}
          dense
          caption={t('invoices.caption')}
          head={
            <InvoiceHead
              sort={sort}
              dir={dir}
              onSort={sortBy}
              allSelected={selectedOnPage === 0 ? false : selectedOnPage === payable.length ? true : 'some'}
              onSelectAll={
                mayPay
                  ? (on) => {
                      for (const row of payable) select(row, on);
                    }
                  : undefined
              }
            />
          }
          row={(row) => (
            <InvoiceRow key={row.id} row={row} selected={selected.has(row.id)} onSelect={mayPay ? (on) => select(row, on) : undefined} />
          )}
          total={(count, formatted) => t('invoices.total', { count, formatted })}
          empty={<Text>{t('invoices.empty')}</Text>}
          emptyFiltered={t('invoices.empty_filtered')}
          clearLabel={t('invoices.clear_filters')}
          filtered={!!q || filter !== 'all'}
          clears={['filter']}
        />
      )}
      {paying && (
        <Suspense fallback={null}>
          <PayDialog invoices={toPay} opened onClose={() => setPaying(false)} onPaid={(r) => void paid(r)} />
        </Suspense>
      )}
    </Stack>
  );
}
