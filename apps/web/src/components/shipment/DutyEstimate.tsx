import type { DutyEstimateRequest, DutyEstimateView } from '@freight/contracts';
import { printedHsCode } from '@freight/domain/customs';
import { Alert, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import { dutyCaveatText } from './words';

/** POST /api/customs/duty-estimate: the duties and taxes a declaration across the border would likely pay (never charged). */
const estimateDuties = (body: DutyEstimateRequest, signal?: AbortSignal) =>
  api.post<{ data: DutyEstimateView }>('/api/customs/duty-estimate', body, { signal }).then((r) => r.data);

/**
 * The duties and taxes the declaration as typed would likely pay at the destination, and who pays
 * them by the incoterm: asked again a moment after the typing stops, said clearly as an estimate
 * from a dated table, never charged; a line it could not estimate says so instead of a figure.
 */
export function DutyEstimate({ request }: { request: DutyEstimateRequest | null }) {
  const { t } = useTranslation();
  const [asked] = useDebouncedValue(request ? JSON.stringify(request) : null, 400);
  const query = useQuery({
    queryKey: ['duty-estimate', asked],
    queryFn: ({ signal }) => estimateDuties(JSON.parse(asked as string) as DutyEstimateRequest, signal),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  if (!request) {
    return (
      <Text size="sm" c="dimmed" data-testid="duty-estimate">
        {t('shipment.duties.waiting')}
      </Text>
    );
  }
  if (query.isError) {
    return (
      <Alert color="yellow" data-testid="duty-estimate">
        {t('shipment.duties.failed')}
      </Alert>
    );
  }
  if (!query.data) return null;
  return <EstimateCard estimate={query.data} />;
}

function EstimateCard({ estimate: e }: { estimate: DutyEstimateView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = (cents: number) => fmt.money(cents / 100, e.currency);
  const percent = (bp: number) => fmt.number(bp / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  const lineDuty = (l: DutyEstimateView['lines'][number]) => {
    if (l.reason === 'usmca') return t('shipment.duties.usmca');
    if (l.reason === 'low_value') return t('shipment.duties.low_value');
    if (l.duty_cents === null) return t(`shipment.duties.${l.reason === 'invalid_hs_code' ? 'invalid_code' : 'unknown_code'}`);
    return t('shipment.duties.duty_at', { amount: money(l.duty_cents), rate: percent(l.duty_rate_basis_points ?? 0) });
  };
  return (
    <Alert color="blue" variant="light" title={t('shipment.duties.title')} data-testid="duty-estimate" role="status">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t(e.complete ? 'shipment.duties.total' : 'shipment.duties.total_partial', {
            amount: money(e.total_cents),
            payer: t(`shipment.duties.payer_${e.payer}`),
          })}
        </Text>
        <Table verticalSpacing={4} fz="sm">
          <Table.Caption>{t('shipment.duties.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('shipment.duties.line')}</Table.Th>
              <Table.Th ta="right">{t('shipment.duties.value')}</Table.Th>
              <Table.Th ta="right">{t('shipment.duties.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {e.lines.map((l, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the declaration's items, in order
              <Table.Tr key={n}>
                <Table.Td>{l.hs_code ? t('shipment.duties.hs', { code: printedHsCode(l.hs_code) }) : '—'}</Table.Td>
                <Table.Td ta="right">{money(l.customs_value_cents)}</Table.Td>
                <Table.Td ta="right">{lineDuty(l)}</Table.Td>
              </Table.Tr>
            ))}
            {e.taxes.map((tax) => (
              <Table.Tr key={tax.kind}>
                <Table.Td colSpan={2}>{t(`shipment.duties.taxes.${tax.kind}`, { rate: percent(tax.rate_basis_points) })}</Table.Td>
                <Table.Td ta="right">{money(tax.cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {e.notes.map((note) => (
          <Text key={note} size="xs">
            {t(`shipment.duties.notes.${note}`)}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          {t('shipment.duties.source', { source: e.source, date: fmt.date(`${e.as_of}T12:00:00Z`) })} {dutyCaveatText(t, e.source_caveat)}
        </Text>
      </Stack>
    </Alert>
  );
}
