import { Anchor, Button, Group, List, NativeSelect, Pagination, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { announce } from '../../../components/a11y/announcer';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ResponsiveTable } from '../../../components/list/ResponsiveTable';
import { major } from '../../../components/shipment/format';
import { WRAPPING_COMPACT_BUTTON_STYLES } from '../../../components/wrappingButton';
import { translateMessage } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { type Batch, type BatchRow, batchKey, bookRow, chooseRate } from '../api/batchesApi';
import { chosenRate, type Format, fieldLabel, itemsOf, laneOf, RowStatusBadge, rowName } from './parts';

const FIXABLE = new Set(['invalid', 'valid', 'rated', 'rating_failed', 'booking_failed']);

/** A thousand-row batch is shown a page at a time, and may be narrowed to the rows that need the user. */
const ROWS_PER_PAGE = 50;
const ROW_FILTERS = {
  all: () => true,
  problems: (r: BatchRow) => r.status === 'invalid' || r.status === 'rating_failed' || r.status === 'booking_failed',
  rated: (r: BatchRow) => r.status === 'rated',
  booked: (r: BatchRow) => r.status === 'booked' || r.status === 'awaiting_approval',
} as const;
type RowFilter = keyof typeof ROW_FILTERS;

/** A rate as the choice lists it: 'Saia · $123.45 · 3 days'. */
function rateLabel(rate: NonNullable<BatchRow['result']>['rates'][number], currency: string, fmt: Format, t: TFunction) {
  return `${rate.carrier_name} · ${fmt.money(major(rate.total_cents), currency)} · ${t('batches.rows.days', { count: rate.transit_days, n: fmt.number(rate.transit_days) })}`;
}

/**
 * The batch's rows: line, reference, lane, items, status, the chosen rate (a select of the row's
 * rates once rated), problems and what can be done with the row (fix it, book it again, open its
 * shipment). Cards on a phone.
 */
export function RowsTable({
  batch,
  mayBook,
  busy,
  onFix,
}: {
  batch: Batch;
  mayBook: boolean;
  busy: boolean;
  onFix: (row: BatchRow) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [show, setShow] = useState<RowFilter>('all');
  const [page, setPage] = useState(1);
  const shown = batch.rows.filter(ROW_FILTERS[show]);
  const pages = Math.max(1, Math.ceil(shown.length / ROWS_PER_PAGE));
  const current = Math.min(page, pages);
  const from = (current - 1) * ROWS_PER_PAGE;
  const onPage = shown.slice(from, from + ROWS_PER_PAGE);
  return (
    <Stack gap="sm">
      {batch.rows.length > ROWS_PER_PAGE && (
        <NativeSelect
          label={t('batches.rows.show')}
          maw={360}
          value={show}
          onChange={(e) => {
            setShow(e.currentTarget.value as RowFilter);
            setPage(1);
          }}
          data={(Object.keys(ROW_FILTERS) as RowFilter[]).map((f) => ({
            value: f,
            label: t(`batches.rows.filter.${f}`, { n: fmt.number(batch.rows.filter(ROW_FILTERS[f]).length) }),
          }))}
        />
      )}
      <ResponsiveTable minWidth={960}>
        <Table striped verticalSpacing="sm">
          <Table.Caption>{t('batches.rows.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('batches.rows.line')}</Table.Th>
              <Table.Th>{t('batches.rows.client_ref')}</Table.Th>
              <Table.Th>{t('batches.rows.lane')}</Table.Th>
              <Table.Th>{t('batches.rows.items')}</Table.Th>
              <Table.Th>{t('batches.rows.status')}</Table.Th>
              <Table.Th>{t('batches.rows.choice')}</Table.Th>
              <Table.Th>{t('batches.rows.problems')}</Table.Th>
              <Table.Th>{t('batches.rows.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {onPage.map((row) => (
              <RowLine key={row.line} batch={batch} row={row} mayBook={mayBook} busy={busy} onFix={onFix} />
            ))}
          </Table.Tbody>
        </Table>
      </ResponsiveTable>
      {pages > 1 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('batches.rows.range', {
              from: fmt.number(from + 1),
              to: fmt.number(from + onPage.length),
              total: fmt.number(shown.length),
            })}
          </Text>
          <Pagination total={pages} value={current} onChange={setPage} aria-label={t('batches.rows.pages')} />
        </Group>
      )}
    </Stack>
  );
}

function RowLine({
  batch,
  row,
  mayBook,
  busy,
  onFix,
}: {
  batch: Batch;
  row: BatchRow;
  mayBook: boolean;
  busy: boolean;
  onFix: (row: BatchRow) => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const name = rowName(row, t);

  const act = async (work: () => Promise<Batch>, said: (b: Batch) => string | null) => {
    setPending(true);
    setError(null);
    try {
      const next = await work();
      queryClient.setQueryData(batchKey(batch.id), next);
      const words = said(next);
      if (words) announce(words);
    } catch (e) {
      setError(e);
    } finally {
      setPending(false);
    }
  };

  const rate = chosenRate(row);
  const rates = row.result?.rates ?? [];
  const currency = row.result?.currency ?? 'USD';
  const problems = [
    ...row.errors.map((e) => (e.field ? `${fieldLabel(e.field, t)}: ${translateMessage(t, e.message)}` : translateMessage(t, e.message))),
  ];
  // A failed booking's reason is its first field's problem when it has one: said once, with its column.
  if (row.status === 'booking_failed' && row.booking_error && !row.errors.some((e) => e.message === row.booking_error))
    problems.unshift(row.booking_error);
  if (row.status === 'rating_failed' && row.result?.message) problems.unshift(row.result.message);

  return (
    <Table.Tr data-line={row.line}>
      <Table.Td>{row.line}</Table.Td>
      <Table.Td style={{ wordBreak: 'break-word' }}>{row.cells.client_ref || '—'}</Table.Td>
      <Table.Td>{laneOf(row.cells)}</Table.Td>
      <Table.Td>
        {/* One line per kind of goods: the row's own, then its further item lines. */}
        {itemsOf(row, t, fmt).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no id of their own and never move
          <Text key={i} size="sm" data-testid="batch-item-line">
            {line}
          </Text>
        ))}
      </Table.Td>
      <Table.Td>
        <RowStatusBadge status={row.status} />
      </Table.Td>
      <Table.Td miw={220}>
        {row.status === 'rated' && mayBook && rates.length > 1 ? (
          <NativeSelect
            size="xs"
            label={t('batches.rows.choice_of', { name })}
            value={row.rate_id ?? ''}
            disabled={pending || busy}
            onChange={(e) => {
              const id = e.currentTarget.value;
              if (id)
                void act(
                  () => chooseRate(batch.id, row.line, id),
                  () => t('batches.rows.chosen', { name }),
                );
            }}
            data={[
              ...(row.rate_id ? [] : [{ value: '', label: t('batches.rows.no_choice') }]),
              ...rates.map((r) => ({ value: r.id, label: rateLabel(r, currency, fmt, t) })),
            ]}
          />
        ) : rate ? (
          <Text size="sm">{rateLabel(rate, currency, fmt, t)}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            {row.status === 'rated' && row.result?.message ? row.result.message : '—'}
          </Text>
        )}
        {rate && row.result?.insurance && (
          <Text size="xs" c="dimmed">
            {t('batches.rows.insurance', {
              coverage: fmt.money(major(row.result.insurance.coverage_cents), currency),
              premium: fmt.money(major(row.result.insurance.premium_cents), currency),
            })}
          </Text>
        )}
      </Table.Td>
      <Table.Td miw={200}>
        {problems.length ? (
          <List size="sm" spacing={2}>
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        ) : (
          '—'
        )}
        {error !== null && <ErrorAlert error={error} />}
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          {row.shipment_id && (
            <Anchor component={Link} to={paths.trackDetail(row.shipment_id)}>
              {t('batches.rows.shipment', { number: row.bol_number ?? row.shipment_id })}
            </Anchor>
          )}
          {row.status === 'awaiting_approval' && <Text size="sm">{t('batches.rows.awaiting')}</Text>}
          {mayBook && FIXABLE.has(row.status) && (
            <Button
              size="compact-sm"
              variant={row.status === 'invalid' ? 'filled' : 'default'}
              styles={WRAPPING_COMPACT_BUTTON_STYLES}
              disabled={busy}
              onClick={() => onFix(row)}
              // The row is named by its line in the table; a screen reader reading the button alone hears which.
              aria-label={t('batches.rows.fix', { name })}
            >
              {t('batches.rows.fix_short')}
            </Button>
          )}
          {mayBook && row.status === 'booking_failed' && row.rate_id && (
            <Button
              size="compact-sm"
              variant="default"
              styles={WRAPPING_COMPACT_BUTTON_STYLES}
              loading={pending}
              disabled={busy}
              onClick={() =>
                void act(
                  () => bookRow(batch.id, row.line),
                  (b) => {
                    const now = b.rows.find((r) => r.line === row.line);
                    if (!now) return null;
                    // Booked, held for an account admin again (beyond the booker's rights), or still failing.
                    const outcome = now.status === 'booked' ? 'booked' : now.status === 'awaiting_approval' ? 'held' : 'other';
                    return t(`batches.rows.retried.${outcome}`, { name });
                  },
                )
              }
            >
              {t('batches.rows.retry', { name })}
            </Button>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
