import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { major } from '../../../components/shipment/format';
import { useFormat } from '../../../lib/useFormat';

/**
 * Asks before booking the batch: how many rows and what they cost in all, the booking disclaimer
 * accepted once for them, then Book, busy while the rows are booked.
 */
export function BookDialog({
  count,
  cents,
  currency,
  onConfirm,
  onCancel,
}: {
  count: number;
  cents: number;
  currency: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [accepted, setAccepted] = useState(false);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const total = fmt.money(major(cents), currency);
  return (
    <Modal opened onClose={busy ? () => undefined : onCancel} title={t('batches.book.title')} centered size="lg">
      <form
        noValidate
        aria-label={t('batches.book.title')}
        onSubmit={async (e) => {
          e.preventDefault();
          if (!accepted) {
            setMissing(true);
            return;
          }
          setBusy(true);
          setError(null);
          try {
            await onConfirm();
          } catch (err) {
            setError(err);
            setBusy(false);
          }
        }}
      >
        <Stack>
          <Text fw={600}>{t('batches.book.summary', { count, n: fmt.number(count), total })}</Text>
          <Text size="sm">{t('batches.book.warning')}</Text>
          <Text size="sm" fw={600}>
            {t('quotes.booking.disclaimer.title')}
          </Text>
          <Stack gap={6}>
            {(['p1', 'p2', 'p3', 'p4', 'p5'] as const).map((p) => (
              <Text key={p} size="xs">
                {t(`quotes.booking.disclaimer.${p}`)}
              </Text>
            ))}
          </Stack>
          <Checkbox
            label={`${t('quotes.booking.disclaimer.accept')} ${t('quotes.booking.disclaimer.link')}`}
            checked={accepted}
            error={missing && !accepted ? t('batches.book.disclaimer_required') : undefined}
            onChange={(e) => {
              setAccepted(e.currentTarget.checked);
              setMissing(false);
            }}
          />
          {error !== null && <ErrorAlert error={error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('batches.book.confirm', { count, n: fmt.number(count) })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
