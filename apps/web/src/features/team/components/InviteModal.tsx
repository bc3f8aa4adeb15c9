import { type TeamInviteRequest, teamInviteRequest } from '@freight/contracts';
import type { CustomerRole } from '@freight/domain';
import { Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { showNotice } from '../../../components/notices/showNotice';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { afterTeamChange, teamActions } from '../api/teamApi';
import { limitCents, onRightsFields, RightsFields, type RightsValues, RoleSelect } from './rights';

type Values = RightsValues & { first_name: string; last_name: string; email: string; role: CustomerRole };

/** An account admin's bookings never wait: their limit and rules are none, whatever was typed before choosing the role. */
const toPayload = (v: Values): TeamInviteRequest => ({
  first_name: v.first_name,
  last_name: v.last_name,
  email: v.email,
  role: v.role,
  booking_limit_cents: v.role === 'account_admin' ? null : limitCents(v.booking_limit),
  approval_required_for: v.role === 'account_admin' ? [] : v.approval_required_for,
});

/**
 * Invite a colleague by email: their name, the role, and (for the roles that book) a booking limit
 * and approval rules. An invitation as account admin asks for the password again, like a change of role to it.
 */
export function InviteModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Values>({
    initialValues: { first_name: '', last_name: '', email: '', role: 'shipper', booking_limit: '', approval_required_for: [] },
    validate: (v) => onRightsFields(zodErrors(teamInviteRequest, t, v, toPayload)),
  });
  const proven = useWithPasswordConfirmation(teamActions.invite);
  const invite = useMutation({
    mutationFn: proven.run,
    onSuccess: async (invitation) => {
      if (!invitation) return;
      await afterTeamChange(client);
      showNotice({ color: 'green', message: { key: 'team.invite.sent', params: { email: invitation.email } } });
      onClose();
    },
    onError: (error) => setServerErrors(form, error, onRightsFields),
  });
  const booker = form.values.role !== 'account_admin';
  return (
    <>
      <Modal opened onClose={onClose} title={t('team.invite.title')} size="lg" centered>
        <form onSubmit={form.onSubmit((v) => invite.mutate(toPayload(v)))} noValidate>
          <Stack>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={t('team.invite.first_name')}
                withAsterisk
                maxLength={100}
                autoComplete="off"
                data-autofocus
                miw={180}
                {...form.getInputProps('first_name')}
              />
              <TextInput
                label={t('team.invite.last_name')}
                withAsterisk
                maxLength={100}
                autoComplete="off"
                miw={180}
                {...form.getInputProps('last_name')}
              />
            </Group>
            <TextInput
              label={t('team.invite.email')}
              type="email"
              withAsterisk
              maxLength={254}
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            <RoleSelect label={t('team.invite.role')} withAsterisk {...form.getInputProps('role')} />
            {booker && <RightsFields form={form} />}
            <FormAlert error={invite.error} fields={form} rename={onRightsFields} />
            <ModalActions onCancel={onClose} submitLabel={t('team.invite.submit')} submitting={invite.isPending} />
          </Stack>
        </form>
      </Modal>
      {proven.modal}
    </>
  );
}
