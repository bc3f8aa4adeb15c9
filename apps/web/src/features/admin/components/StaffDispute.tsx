import type { DisputeView } from '@freight/contracts';
import { Badge, Button, Card, Group, NumberInput, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { major } from '../../../components/shipment/format';
import { isApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/useFormat';
import { creditKey, replyAsStaff, resolveDispute } from '../api/creditApi';

/** An open dispute as accounting works it: the claim, its thread, a reply, and accept (a credit of an amount) or reject with a note. */
export function StaffDispute({ dispute, accountId }: { dispute: DisputeView; accountId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const [reply, setReply] = useState('');
  const [outcome, setOutcome] = useState<'accepted' | 'rejected'>('accepted');
  const [amount, setAmount] = useState<number | string>(major(dispute.amount_cents));
  const [note, setNote] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: creditKey(accountId) });
  const send = useMutation({ mutationFn: () => replyAsStaff(dispute.id, reply), onSuccess: async () => (setReply(''), await refresh()) });
  const resolve = useMutation({
    mutationFn: () =>
      resolveDispute(dispute.id, {
        outcome,
        note,
        ...(outcome === 'accepted' ? { amount_cents: Math.round(Number(amount) * 100) } : {}),
      }),
    onSuccess: refresh,
  });
  const errors = isApiError(resolve.error) ? resolve.error.errors : {};
  return (
    <Card withBorder padding="sm" data-testid="staff-dispute">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            {dispute.invoice_number} · {dispute.charge_code ?? t('admin.credit.whole_invoice')} ·{' '}
            {fmt.money(major(dispute.amount_cents), 'USD')}
          </Text>
          <Badge color="orange">{t('admin.credit.open')}</Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {dispute.reason}
        </Text>
        {dispute.messages.map((m) => (
          <Paper key={m.id} p="xs" bg={m.author === 'staff' ? 'blue.0' : 'gray.0'}>
            <Text size="xs" c="dimmed">
              {m.author_name} · {fmt.dateTime(m.created_at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {m.body}
            </Text>
          </Paper>
        ))}
        <Group align="flex-end" wrap="nowrap">
          <Textarea label={t('admin.credit.reply')} value={reply} onChange={(e) => setReply(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button onClick={() => send.mutate()} disabled={!reply.trim()} loading={send.isPending}>
            {t('admin.credit.send')}
          </Button>
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SegmentedControl
            value={outcome}
            onChange={(v) => setOutcome(v as 'accepted' | 'rejected')}
            data={[
              { value: 'accepted', label: t('admin.credit.accept') },
              { value: 'rejected', label: t('admin.credit.reject') },
            ]}
          />
          {outcome === 'accepted' && (
            <NumberInput
              label={t('admin.credit.credit_amount')}
              value={amount}
              onChange={setAmount}
              min={0.01}
              decimalScale={2}
              w={150}
              error={errors.amount_cents?.join(' ')}
            />
          )}
          <Textarea
            label={t('admin.credit.note')}
            withAsterisk
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.note?.join(' ')}
            style={{ flex: 1 }}
          />
          <Button onClick={() => resolve.mutate()} loading={resolve.isPending}>
            {t('admin.credit.resolve')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
