import type { CarrierInvoiceView } from '@freight/contracts';
import type { VarianceReason } from '@freight/domain';
import { List, Stack, Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/useFormat';
import { useCents, Variance } from './parts';

/** An amount's cell: right-aligned and on one line (a narrow column would break '-USD 591.60' after its sign). */
const AMOUNT = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const;

/** A line's words: a charge code (freight, fuel…), else an accessorial's, else the code as billed. */
export const lineLabel = (t: TFunction, key: string) =>
  t(`quote.charges.${key}`, { defaultValue: t(`shipment.accessorial.${key}`, { defaultValue: key }) });

/** A variance reason explained: the weight or class booked, billed and found by the carrier's dock, and whether it bears the claim out. */
function ReasonText({ reason, currency }: { reason: VarianceReason; currency: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = useCents();
  const base = `admin.carrier_invoices.explain.${reason.code}`;
  switch (reason.code) {
    case 'reweigh':
      return (
        <>
          {t(base, { booked: fmt.weight(reason.booked_weight_lb), billed: fmt.weight(reason.billed_weight_lb) })}{' '}
          {reason.inspected_weight_lb === null
            ? t('admin.carrier_invoices.explain.no_inspection')
            : t(
                reason.supported ? 'admin.carrier_invoices.explain.weight_supported' : 'admin.carrier_invoices.explain.weight_unsupported',
                {
                  inspected: fmt.weight(reason.inspected_weight_lb),
                },
              )}
        </>
      );
    case 'reclass':
      return (
        <>
          {t(base, { booked: reason.booked_class ?? '—', billed: reason.billed_class })}{' '}
          {reason.inspected_class === null
            ? t('admin.carrier_invoices.explain.no_inspection')
            : t(reason.supported ? 'admin.carrier_invoices.explain.class_supported' : 'admin.carrier_invoices.explain.class_unsupported', {
                inspected: reason.inspected_class,
              })}
        </>
      );
    case 'accessorial_not_ordered':
      return <>{t(base, { accessorial: lineLabel(t, reason.accessorial), amount: money(reason.amount_cents, currency) })}</>;
    case 'duplicate':
      return <>{t(`${base}.${reason.of}`)}</>;
    case 'amount_variance':
      return <>{t(base, { variance: money(reason.variance_cents, currency), tolerance: money(reason.tolerance_cents, currency) })}</>;
  }
}

/**
 * The audit of a matched invoice: why it differs from what was expected (each reason in words),
 * then each line billed beside the expected cost and the expected cost corrected by the carrier's
 * reweigh or reclass, the variance per line and in total.
 */
export function AuditSection({ invoice }: { invoice: CarrierInvoiceView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = useCents();
  const audit = invoice.audit;
  const c = invoice.currency;
  if (!audit) {
    return (
      <Section title={t('admin.carrier_invoices.lines.billed_title')}>
        <Text size="sm" mb="sm">
          {t('admin.carrier_invoices.lines.unmatched')}
        </Text>
        <Table.ScrollContainer minWidth={420}>
          <Table striped verticalSpacing="xs">
            <Table.Caption ta="left">{t('admin.carrier_invoices.lines.billed_title')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.carrier_invoices.lines.line')}</Table.Th>
                <Table.Th ta="right">{t('admin.carrier_invoices.lines.billed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((l) => (
                <Table.Tr key={`${l.code}-${l.description}-${l.amount_cents}`}>
                  <Table.Td>
                    {lineLabel(t, l.code)}
                    {l.description && (
                      <Text size="xs" c="dimmed">
                        {l.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td {...AMOUNT}>{money(l.amount_cents, c)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
    );
  }
  const sum = (k: 'expected_cents' | 'corrected_cents' | 'billed_cents' | 'variance_cents') => audit.lines.reduce((s, l) => s + l[k], 0);
  return (
    <>
      <Section title={t('admin.carrier_invoices.explain.title')} testId="variance-reasons">
        {audit.reasons.length === 0 ? (
          <Text size="sm">{t('admin.carrier_invoices.explain.none', { tolerance: money(audit.tolerance_cents, c) })}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {audit.reasons.map((r) => (
              <List.Item key={r.code}>
                <Text span fw={600} size="sm">
                  {t(`admin.carrier_invoices.reasons.${r.code}`)}:
                </Text>{' '}
                <ReasonText reason={r} currency={c} />
              </List.Item>
            ))}
          </List>
        )}
        <Stack gap={2} mt="sm">
          {audit.factor !== null && (
            <Text size="sm">
              {t('admin.carrier_invoices.explain.factor', { factor: fmt.number(audit.factor, { maximumFractionDigits: 4 }) })}
            </Text>
          )}
          <Text size="sm">
            {t('admin.carrier_invoices.explain.corrected', {
              corrected: money(audit.corrected_cents, c),
              unexplained: money(audit.unexplained_cents, c),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`admin.carrier_invoices.explain.source_${audit.expected_source}`)}
          </Text>
        </Stack>
      </Section>
      <Section title={t('admin.carrier_invoices.lines.title')}>
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs">
            {/* From the left: centred over the scrolled width, a phone would show half of it. */}
            <Table.Caption ta="left">{t('admin.carrier_invoices.lines.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.carrier_invoices.lines.line')}</Table.Th>
                <Table.Th ta="right">{t('admin.carrier_invoices.lines.expected')}</Table.Th>
                <Table.Th ta="right">{t('admin.carrier_invoices.lines.corrected')}</Table.Th>
                <Table.Th ta="right">{t('admin.carrier_invoices.lines.billed')}</Table.Th>
                <Table.Th ta="right">{t('admin.carrier_invoices.lines.variance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.lines.map((l) => (
                <Table.Tr key={l.key}>
                  <Table.Td>{lineLabel(t, l.key)}</Table.Td>
                  <Table.Td {...AMOUNT}>{money(l.expected_cents, c)}</Table.Td>
                  <Table.Td {...AMOUNT}>{money(l.corrected_cents, c)}</Table.Td>
                  <Table.Td {...AMOUNT}>{money(l.billed_cents, c)}</Table.Td>
                  <Table.Td {...AMOUNT}>
                    <Variance cents={l.variance_cents} currency={c} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th>{t('admin.carrier_invoices.lines.total')}</Table.Th>
                <Table.Td {...AMOUNT}>{money(sum('expected_cents'), c)}</Table.Td>
                <Table.Td {...AMOUNT}>{money(sum('corrected_cents'), c)}</Table.Td>
                <Table.Td {...AMOUNT}>{money(sum('billed_cents'), c)}</Table.Td>
                <Table.Td {...AMOUNT}>
                  <Variance cents={sum('variance_cents')} currency={c} />
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Section>
    </>
  );
}
