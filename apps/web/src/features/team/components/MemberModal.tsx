import { type TeamMemberUpdateRequest, type TeamMemberView, teamMemberUpdateRequest } from '@freight/contracts';
import type { CustomerRole } from '@freight/domain';
import { Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { showNotice } from '../../../components/notices/showNotice';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { afterTeamChange, teamActions } from '../api/teamApi';
import { limitCents, limitValue, onRightsFields, RightsFields, type RightsValues, RoleSelect } from './rights';

type Values = RightsValues & { role: CustomerRole };

/**
 * A colleague's role, booking limit and approval rules (the table offers it for colleagues only:
 * the account admin role is handed over by the transfer, which asks what one becomes). Making a
 * colleague account admin is a grant of power: the server asks for the password (or second
 * factor) again, in a dialog over this one, and the change is sent again once confirmed.
 */
export function MemberModal({ member, onClose }: { member: TeamMemberView; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const toPayload = (v: Values): TeamMemberUpdateRequest => ({
    role: v.role,
    booking_limit_cents: limitCents(v.booking_limit),
    approval_required_for: v.approval_required_for,
  });
  const form = useForm<Values>({
    initialValues: {
      role: member.role,
      booking_limit: limitValue(member.booking_limit_cents),
      approval_required_for: member.approval_required_for,
    },
    validate: (v) => onRightsFields(zodErrors(teamMemberUpdateRequest, t, v, toPayload)),
  });
  const proven = useWithPasswordConfirmation((body: TeamMemberUpdateRequest) => teamActions.update(member.id, body));
  const save = useMutation({
    mutationFn: proven.run,
    onSuccess: async (saved) => {
      if (!saved) return;
      await afterTeamChange(client);
      showNotice({ color: 'green', message: { key: 'team.edit.saved', params: { name: member.name } } });
      onClose();
    },
    onError: (error) => setServerErrors(form, error, onRightsFields),
  });
  return (
    <>
      <Modal opened onClose={onClose} title={t('team.edit.title', { name: member.name })} size="lg" centered>
        <form onSubmit={form.onSubmit((v) => save.mutate(toPayload(v)))} noValidate>
          <Stack>
            <RoleSelect label={t('team.columns.role')} data-autofocus {...form.getInputProps('role')} />
            {form.values.role !== 'account_admin' && <RightsFields form={form} />}
            <FormAlert error={save.error} fields={form} rename={onRightsFields} />
            <ModalActions onCancel={onClose} submitLabel={t('team.edit.submit')} submitting={save.isPending} />
          </Stack>
        </form>
      </Modal>
      {proven.modal}
    </>
  );
}
