import { type AdminCreditView, creditTermsRequest } from '@freight/contracts';
import { AGING_BUCKETS } from '@freight/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { major } from '../../../components/shipment/format';
import { isApiError } from '../../../lib/api';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { useFormat } from '../../../lib/useFormat';
import { creditKey, creditQuery, saveCreditTerms, setHold } from '../api/creditApi';
import { StaffDispute } from './StaffDispute';

/**
 * An account's credit for the accounting staff (issue 14): hold state and why, terms, limit and
 * use, the aging of what it owes, a manual hold placed or lifted with a reason, the terms form,
 * the credit record (who, when, why) and its open invoice disputes.
 */
export function CreditPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const q = useQuery(creditQuery(accountId));
  const [holdAction, setHoldAction] = useState<'place' | 'lift' | null>(null);
  if (!q.data) return null;
  const v = q.data;
  const credit = v.summary.credit;
  const usd = (cents: number) => fmt.money(major(cents), 'USD');
  const held = v.status === 'credit_hold';
  return (
    <Card withBorder padding="md" data-testid="credit-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={4}>{t('admin.credit.title')}</Title>
            <Badge color={held ? 'red' : 'green'}>{held ? t('admin.credit.held') : t('admin.credit.active')}</Badge>
            {credit.manual_hold && <Badge variant="outline">{t('admin.credit.manual')}</Badge>}
          </Group>
          <Button color={held ? 'green' : 'red'} variant="light" onClick={() => setHoldAction(held ? 'lift' : 'place')}>
            {held ? t('admin.credit.lift') : t('admin.credit.place')}
          </Button>
        </Group>
        {credit.hold_reasons.map((r) => (
          <Text key={r} size="sm" c="red">
            {t(`admin.credit.reasons.${r}`)}
          </Text>
        ))}
        <Text size="sm">{t('admin.credit.position', { limit: usd(credit.credit_limit_cents), used: usd(credit.used_cents) })}</Text>
        {v.summary.currencies.map((c) => (
          <SimpleGrid key={c.currency} cols={{ base: 2, md: 6 }} spacing="xs">
            {[...AGING_BUCKETS, 'total_cents' as const].map((b) => (
              <Stack key={b} gap={0}>
                <Text size="xs" c="dimmed">
                  {t(`admin.credit.aging.${b}`)}
                </Text>
                <Text fw={600}>{fmt.money(major(c[b]), c.currency)}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        ))}
        <TermsForm view={v} />
        <Title order={5}>{t('admin.credit.record')}</Title>
        {v.events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.credit.no_record')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table data-testid="credit-record">
              <Table.Tbody>
                {v.events.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(e.created_at)}</Table.Td>
                    <Table.Td>{t(`admin.credit.events.${e.kind}`)}</Table.Td>
                    <Table.Td>{e.by ?? t('admin.credit.automatic')}</Table.Td>
                    <Table.Td>
                      {e.source === 'auto'
                        ? e.reason
                            .split(',')
                            .map((r) => t(`admin.credit.reasons.${r}`))
                            .join(' ')
                        : e.reason}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Title order={5}>{t('admin.credit.disputes')}</Title>
        {v.open_disputes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.credit.no_disputes')}
          </Text>
        ) : (
          v.open_disputes.map((d) => <StaffDispute key={d.id} dispute={d} accountId={accountId} />)
        )}
      </Stack>
      {holdAction && <HoldDialog accountId={accountId} action={holdAction} onClose={() => setHoldAction(null)} />}
    </Card>
  );
}

function TermsForm({ view }: { view: AdminCreditView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const c = view.summary.credit;
  const form = useForm({
    initialValues: {
      payment_terms: c.payment_terms,
      net_days: String(c.net_days),
      credit_limit: major(c.credit_limit_cents) as number | string,
      grace_days: c.grace_days as number | string,
    },
  });
  const toBody = (v: typeof form.values) => ({
    payment_terms: v.payment_terms,
    net_days: Number(v.net_days),
    credit_limit_cents: Math.round(Number(v.credit_limit) * 100),
    grace_days: Number(v.grace_days),
  });
  const save = useMutation({
    mutationFn: (v: typeof form.values) => saveCreditTerms(view.account_id, creditTermsRequest.parse(toBody(v))),
    onSuccess: (data) => client.setQueryData(creditKey(view.account_id), data),
    onError: (e) => setServerErrors(form, e),
  });
  return (
    <form
      onSubmit={form.onSubmit((v) => {
        const errors = zodErrors(creditTermsRequest, t, v, toBody);
        if (Object.keys(errors).length) form.setErrors({ ...errors, credit_limit: errors.credit_limit_cents });
        else save.mutate(v);
      })}
      noValidate
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('admin.credit.terms')}
          data={[
            { value: 'credit', label: t('admin.credit.on_terms') },
            { value: 'prepaid', label: t('admin.credit.prepaid') },
          ]}
          {...form.getInputProps('payment_terms')}
        />
        <NativeSelect label={t('admin.credit.net_days')} data={['15', '30']} {...form.getInputProps('net_days')} />
        <NumberInput label={t('admin.credit.limit')} min={0} decimalScale={2} w={160} {...form.getInputProps('credit_limit')} />
        <NumberInput label={t('admin.credit.grace_days')} min={0} max={120} w={120} {...form.getInputProps('grace_days')} />
        <Button type="submit" loading={save.isPending}>
          {t('admin.credit.save')}
        </Button>
      </Group>
    </form>
  );
}

function HoldDialog({ accountId, action, onClose }: { accountId: string; action: 'place' | 'lift'; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const send = useMutation({
    mutationFn: () => setHold(accountId, { action, reason }),
    onSuccess: (data) => {
      client.setQueryData(creditKey(accountId), data);
      void client.invalidateQueries({ queryKey: ['admin', 'accounts'] });
      onClose();
    },
  });
  const failure = isApiError(send.error) ? send.error : null;
  const fieldError = failure?.status === 422 ? failure.errors.reason?.join(' ') : undefined;
  return (
    <Modal opened onClose={onClose} title={action === 'place' ? t('admin.credit.place') : t('admin.credit.lift')} centered>
      <Stack gap="sm">
        {failure && failure.status !== 422 && <Alert color="red">{failure.message}</Alert>}
        <Textarea
          label={t('admin.credit.reason')}
          withAsterisk
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={fieldError}
          rows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('admin.credit.cancel')}
          </Button>
          <Button color={action === 'place' ? 'red' : 'green'} onClick={() => send.mutate()} loading={send.isPending}>
            {action === 'place' ? t('admin.credit.place') : t('admin.credit.lift')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
