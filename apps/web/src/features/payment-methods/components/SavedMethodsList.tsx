import type { PaymentMethodView } from '@freight/contracts';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '../../../components/ConfirmActionDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { PAYMENT_METHODS_KEY } from '../../../components/payment/api';
import { methodLabel } from '../../../components/payment/methodLabel';
import { useFormat } from '../../../lib/useFormat';
import { makeDefaultPaymentMethod, removePaymentMethod } from '../api/paymentMethodsApi';
import { VerifyBankDialog } from './VerifyBankDialog';

/**
 * The saved methods, the default first with its badge; each may become the default or be removed
 * (after a confirmation). A bank account awaiting verification says when its deposit is expected
 * and offers Verify (its code) instead of Make default; one whose verification failed says so.
 */
export function SavedMethodsList({ methods }: { methods: PaymentMethodView[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const qc = useQueryClient();
  const [removing, setRemoving] = useState<PaymentMethodView | null>(null);
  const [verifying, setVerifying] = useState<PaymentMethodView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY });

  if (!methods.length) return <Text size="sm">{t('payment_methods.empty')}</Text>;
  return (
    <Stack gap="sm">
      <ErrorAlert error={failure} />
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {methods.map((m) => {
          const label = methodLabel(t, m);
          return (
            <Paper component="li" key={m.id} withBorder p="sm">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Stack gap={2}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{label}</Text>
                    {m.is_default && (
                      <Badge color="green" variant="light">
                        {t('payment_methods.default')}
                      </Badge>
                    )}
                    {m.verification === 'awaiting' && (
                      <Badge color="yellow" variant="light" data-testid="awaiting-verification">
                        {t('payment_methods.awaiting_verification')}
                      </Badge>
                    )}
                    {m.verification === 'failed' && (
                      <Badge color="red" variant="light">
                        {t('payment_methods.verification_failed')}
                      </Badge>
                    )}
                  </Group>
                  {m.verification === 'awaiting' && (
                    <Text size="sm" c="dimmed">
                      {m.microdeposits_arrive_at
                        ? t('payment_methods.deposit_expected', { date: fmt.date(m.microdeposits_arrive_at) })
                        : t('payment_methods.deposit_sent')}
                    </Text>
                  )}
                  {m.verification === 'failed' && (
                    <Text size="sm" c="dimmed">
                      {t('payment_methods.verification_failed_help')}
                    </Text>
                  )}
                  {m.exp_month && m.exp_year && (
                    <Text size="sm" c="dimmed">
                      {t('payment_methods.expires', { month: String(m.exp_month).padStart(2, '0'), year: m.exp_year })}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs" wrap="wrap">
                  {m.verification === 'awaiting' && (
                    <Button size="xs" aria-label={t('payment_methods.verify_label', { method: label })} onClick={() => setVerifying(m)}>
                      {t('payment_methods.verify')}
                    </Button>
                  )}
                  {!m.is_default && m.verification === 'verified' && (
                    <Button
                      variant="default"
                      size="xs"
                      aria-label={t('payment_methods.make_default_label', { method: label })}
                      loading={busy === m.id}
                      onClick={async () => {
                        setFailure(null);
                        setBusy(m.id);
                        try {
                          await makeDefaultPaymentMethod(m.id);
                          showNotice({ color: 'green', message: { key: 'payment_methods.made_default', params: { method: label } } });
                          await refresh();
                        } catch (e) {
                          setFailure(e);
                        } finally {
                          setBusy(null);
                        }
                      }}
                    >
                      {t('payment_methods.make_default')}
                    </Button>
                  )}
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={t('payment_methods.remove_label', { method: label })}
                    onClick={() => setRemoving(m)}
                  >
                    {t('payment_methods.remove')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {verifying && <VerifyBankDialog method={verifying} onClose={() => setVerifying(null)} />}
      {removing && (
        <ConfirmActionDialog
          title={t('payment_methods.remove_title')}
          warning={t(
            removing.is_default && methods.length > 0 ? 'payment_methods.remove_default_warning' : 'payment_methods.remove_warning',
            {
              method: methodLabel(t, removing),
            },
          )}
          action={t('payment_methods.remove')}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            setFailure(null);
            try {
              await removePaymentMethod(removing.id);
              showNotice({ color: 'green', message: { key: 'payment_methods.removed' } });
              await refresh();
            } catch (e) {
              setFailure(e);
            }
            setRemoving(null);
          }}
        />
      )}
    </Stack>
  );
}
