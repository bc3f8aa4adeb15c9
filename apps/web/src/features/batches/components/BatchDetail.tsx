import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { announce } from '../../../components/a11y/announcer';
import { RowErrors } from '../../../components/csv/CsvImportReport';
import { useFileDownload } from '../../../components/csv/useFileDownload';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { major } from '../../../components/shipment/format';
import { WRAPPING_BUTTON_STYLES } from '../../../components/wrappingButton';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useFormat } from '../../../lib/useFormat';
import { type Batch, type BatchRow, batchKey, bookBatch, documentsPath, getBatch, manifestPath, rateBatch } from '../api/batchesApi';
import { BookDialog } from './BookDialog';
import { FixRowDialog } from './FixRowDialog';
import {
  BatchStatusBadge,
  fieldLabel,
  isBookable,
  isRateable,
  neverRated,
  type RateSnapshot,
  ratingProgress,
  snapshotForRating,
  totalOf,
} from './parts';
import { RowsTable } from './RowsTable';

/** How often the page reads the batch while it is being rated: each row is saved as it is rated. */
export const RATING_POLL_MS = 1000;

/** One batch: what it is, its problems row by row, rating with its progress, booking and its files, and the rows. */
export function BatchDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const mayBook = useCan('shipments.book');
  const [rating, setRating] = useState<RateSnapshot | null>(null);
  const [rateError, setRateError] = useState<unknown>(null);
  const [fixing, setFixing] = useState<BatchRow | null>(null);
  const [booking, setBooking] = useState(false);
  const query = useQuery({
    queryKey: batchKey(id),
    queryFn: ({ signal }) => getBatch(id, signal),
    refetchInterval: rating ? RATING_POLL_MS : false,
  });
  const batch = query.data;
  if (!batch)
    return (
      <>
        <PageHeader title={t('batches.detail.loading_title')} />
        <QueryStatus query={query} />
      </>
    );

  const rateable = batch.rows.filter(isRateable);
  const bookable = batch.rows.filter(isBookable);
  const total = totalOf(bookable);
  const progress = rating ? ratingProgress(rating, batch) : null;
  const problems = batch.rows.flatMap((r) => r.errors.map((e) => ({ line: r.line, field: fieldLabel(e.field, t), message: e.message })));
  const booked = batch.rows.filter((r) => r.shipment_id);
  const progressText = (p: { done: number; total: number }) =>
    t('batches.rate.progress', { done: fmt.number(p.done), total: fmt.number(p.total) });

  const rate = async () => {
    setRateError(null);
    setRating(snapshotForRating(batch));
    try {
      const next = await rateBatch(id);
      // A poll still on its way read the batch half rated: the answer is the last word.
      await queryClient.cancelQueries({ queryKey: batchKey(id) });
      queryClient.setQueryData(batchKey(id), next);
      const rated = next.rows.filter((r) => r.status === 'rated').length;
      const failed = next.rows.filter((r) => r.status === 'rating_failed').length;
      announce(t('batches.rate.done', { count: rated, n: fmt.number(rated), failed: fmt.number(failed) }));
    } catch (e) {
      setRateError(e);
      void query.refetch();
    } finally {
      setRating(null);
    }
  };

  const book = async () => {
    const next = await bookBatch(id);
    queryClient.setQueryData(batchKey(id), next);
    setBooking(false);
    const done = next.rows.filter((r) => r.status === 'booked').length;
    const failed = next.rows.filter((r) => r.status === 'booking_failed').length;
    const held = next.rows.filter((r) => r.status === 'awaiting_approval').length;
    announce(t('batches.book.done', { count: done, n: fmt.number(done), failed: fmt.number(failed), held: fmt.number(held) }));
  };

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={paths.batches} size="sm">
          {t('batches.detail.back')}
        </Anchor>
        <PageHeader title={t('batches.detail.title', { date: fmt.dateTime(batch.created_at) })} />
        <Group gap="md" wrap="wrap">
          <BatchStatusBadge status={batch.status} />
          <Text size="sm">{ruleText(batch, t)}</Text>
          <Text size="sm">
            {t('batches.detail.counts', {
              total: fmt.number(batch.rows_total),
              valid: fmt.number(batch.rows_valid),
              booked: fmt.number(batch.rows_booked),
            })}
          </Text>
          {batch.source === 'ebay' && <Text size="sm">{t('batches.detail.ebay')}</Text>}
          {batch.file_name && (
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {t('batches.detail.file', { name: batch.file_name })}
            </Text>
          )}
          {batch.created_by && (
            <Text size="sm">
              {t(batch.source === 'ebay' ? 'batches.detail.by_ebay' : 'batches.detail.by', { name: batch.created_by.name })}
            </Text>
          )}
        </Group>
      </div>

      {problems.length > 0 && (
        <Stack gap="xs">
          <Text>{t('batches.detail.problems', { count: new Set(problems.map((p) => p.line)).size })}</Text>
          <RowErrors errors={problems} />
        </Stack>
      )}

      {mayBook && (rateable.length > 0 || bookable.length > 0 || rating) && (
        <Section title={t('batches.detail.actions')}>
          <Stack gap="sm">
            <Group gap="sm">
              {rateable.length > 0 && (
                <Button onClick={() => void rate()} loading={!!rating} variant={bookable.length ? 'default' : 'filled'}>
                  {t(rateable.some(neverRated) ? 'batches.rate.button' : 'batches.rate.again', {
                    count: rateable.length,
                    n: fmt.number(rateable.length),
                  })}
                </Button>
              )}
              {bookable.length > 0 && !rating && (
                <Button onClick={() => setBooking(true)}>
                  {t('batches.book.button', { count: bookable.length, n: fmt.number(bookable.length) })}
                </Button>
              )}
            </Group>
            {progress && (
              <Stack gap={4}>
                <Text size="sm">{progressText(progress)}</Text>
                <Progress
                  value={progress.total ? (progress.done / progress.total) * 100 : 0}
                  aria-label={progressText(progress)}
                  transitionDuration={300}
                />
              </Stack>
            )}
            {rateError !== null && <ErrorAlert error={rateError} />}
          </Stack>
        </Section>
      )}

      {booked.length > 0 && <BookedFiles batch={batch} />}

      <RowsTable batch={batch} mayBook={mayBook} busy={!!rating} onFix={setFixing} />

      {fixing && <FixRowDialog batchId={id} row={fixing} onClose={() => setFixing(null)} />}
      {booking && (
        <BookDialog
          count={bookable.length}
          cents={total.cents}
          currency={total.currency}
          onConfirm={book}
          onCancel={() => setBooking(false)}
        />
      )}
    </Stack>
  );
}

function ruleText(batch: Batch, t: TFunction) {
  if (batch.rule === 'preferred_carrier') return t('batches.rule_set.preferred_carrier', { carrier: batch.preferred_carrier ?? '' });
  if (batch.rule === 'cheapest_within_transit')
    return t('batches.rule_set.cheapest_within_transit', { count: batch.max_transit_days ?? 0 });
  return t('batches.rule_set.other', { rule: t(`batches.rules.${batch.rule}`) });
}

/** The booked rows' papers: every BOL and label as one PDF, the manifest as CSV and PDF, and each shipment. */
function BookedFiles({ batch }: { batch: Batch }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const { download, downloading } = useFileDownload();
  const booked = batch.rows.filter((r) => r.shipment_id);
  const { cents: total, currency } = totalOf(booked);
  const language = i18n.language === 'es' ? 'es' : 'en';
  const files = [
    { path: documentsPath(batch.id), label: t('batches.files.documents'), name: `batch-documents.pdf` },
    { path: manifestPath(batch.id, 'csv'), label: t('batches.files.manifest_csv'), name: `batch-manifest.csv` },
    { path: manifestPath(batch.id, 'pdf'), label: t('batches.files.manifest_pdf'), name: `batch-manifest.pdf` },
  ];
  return (
    <Section title={t('batches.files.title')}>
      <Stack gap="sm">
        <Text size="sm">
          {t('batches.files.summary', { count: booked.length, n: fmt.number(booked.length), total: fmt.money(major(total), currency) })}
        </Text>
        <Group gap="sm">
          {files.map((f) => (
            <Button
              key={f.path}
              variant="default"
              styles={WRAPPING_BUTTON_STYLES}
              loading={downloading === f.path}
              onClick={() => void download(f.path, { fileName: f.name, query: { language } })}
            >
              {f.label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Section>
  );
}
