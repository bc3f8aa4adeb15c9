import { type BookingApproval, declineApprovalRequest } from '@freight/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { useFormat } from '../../../lib/useFormat';

/** Asks before a held booking goes to the carrier: what is booked, for how much, in whose name. */
export function ApproveDialog({
  approval,
  onApprove,
  onCancel,
}: {
  approval: BookingApproval;
  onApprove: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  return (
    <Modal opened onClose={onCancel} title={t('approvals.approve_title')} centered>
      <Stack>
        <Text size="sm">
          {t('approvals.approve_warning', {
            carrier: approval.carrier_name,
            total: fmt.money(approval.total_cents / 100, approval.currency),
            name: approval.requested_by?.name ?? '',
          })}
        </Text>
        <FormAlert error={failure} fields={[]} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={busy}
            data-autofocus
            onClick={async () => {
              setBusy(true);
              setFailure(null);
              try {
                await onApprove();
              } catch (e) {
                setFailure(e);
              } finally {
                setBusy(false);
              }
            }}
          >
            {t('approvals.approve')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Declining asks the reason the booker will read. */
export function DeclineDialog({
  approval,
  onDecline,
  onCancel,
}: {
  approval: BookingApproval;
  onDecline: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({ initialValues: { reason: '' }, validate: (v) => zodErrors(declineApprovalRequest, t, v) });
  const submit = form.onSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onDecline(reason);
    } catch (e) {
      setServerErrors(form, e);
      setFailure(e);
    }
  });
  return (
    <Modal opened onClose={onCancel} title={t('approvals.decline_title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label={t('approvals.decline_reason_label')}
            description={t('approvals.decline_reason_help', { name: approval.requested_by?.name ?? '' })}
            withAsterisk
            autosize
            minRows={3}
            maxLength={500}
            data-autofocus
            {...form.getInputProps('reason')}
          />
          <FormAlert error={failure} fields={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={form.submitting}>
              {t('approvals.decline')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
