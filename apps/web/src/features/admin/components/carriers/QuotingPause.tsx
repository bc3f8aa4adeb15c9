import type { CarrierPauseReason, StaffCarrierDetail } from '@freight/contracts';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useFormat } from '../../../../lib/useFormat';
import { afterCarrierChange, resumeQuoting } from '../../api/carriersApi';

/** Why the circuit breaker paused a carrier, in words: how many of how many calls failed or timed out, within how long. */
export function pauseReasonText(t: TFunction, reason: CarrierPauseReason | null): string {
  if (!reason) return '';
  return t(`admin.carriers.pause.reason_${reason.kind}`, {
    failures: reason.failures,
    calls: reason.calls,
    count: Math.round(reason.window_seconds / 60),
  });
}

/** The list's mark of a paused carrier: the badge, since when, and why. */
export function PauseMark({ pausedAt, reason }: { pausedAt: string; reason: CarrierPauseReason | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Stack gap={2} mt={4}>
      <Badge color="orange" variant="light" w="fit-content">
        {t('admin.carriers.pause.badge')}
      </Badge>
      <Text size="xs" c="dimmed">
        {t('admin.carriers.pause.since', { at: fmt.dateTime(pausedAt) })}
      </Text>
      <Text size="xs" c="dimmed">
        {pauseReasonText(t, reason)}
      </Text>
    </Stack>
  );
}

/** A paused carrier's page: since when and why, what the pause does, and the super_admin's resume. */
export function QuotingPausePanel({ carrier }: { carrier: StaffCarrierDetail }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const resume = useMutation({
    mutationFn: () => resumeQuoting(carrier.id),
    onSuccess: async (c) => {
      await afterCarrierChange(client, c);
      notifications.show({ color: 'teal', message: t('admin.carriers.pause.resumed', { name: c.name }) });
    },
  });
  if (!carrier.quoting_paused_at) return null;
  return (
    <Alert color="orange" title={t('admin.carriers.pause.title', { at: fmt.dateTime(carrier.quoting_paused_at) })}>
      <Stack gap="xs">
        <Text size="sm">{pauseReasonText(t, carrier.quoting_pause_reason)}</Text>
        <Text size="sm">{t('admin.carriers.pause.explain')}</Text>
        {resume.error && <ErrorAlert error={resume.error} />}
        <Group>
          <Button color="orange" onClick={() => resume.mutate()} loading={resume.isPending}>
            {t('admin.carriers.pause.resume')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
