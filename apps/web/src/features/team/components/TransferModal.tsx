import { type TeamMemberView, type TeamTransferRequest, teamTransferRequest } from '@freight/contracts';
import type { CustomerRole } from '@freight/domain';
import { Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { FormAlert } from '../../../components/FormAlert';
import { ModalActions } from '../../../components/ModalActions';
import { showNotice } from '../../../components/notices/showNotice';
import { fetchCurrentUser } from '../../../lib/auth';
import { useStoreUser } from '../../../lib/currentUserQuery';
import { setServerErrors, zodErrors } from '../../../lib/forms';
import { afterTeamChange, teamActions } from '../api/teamApi';
import { RoleSelect } from './rights';

type Values = { user_id: string; new_role: CustomerRole };

/**
 * Hands the account admin role to an active colleague; the caller chooses what they become. When
 * they give the role up, their own rights change at once: the user is read again, and the page
 * that needed the role says so (`onDone`). A grant of power: the server asks for the password
 * again first, in a dialog over this one.
 */
export function TransferModal({
  colleagues,
  onClose,
  onDone,
}: {
  colleagues: TeamMemberView[];
  onClose: () => void;
  onDone: (stillAdmin: boolean) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const storeUser = useStoreUser();
  const candidates = colleagues.filter((m) => m.status === 'active');
  const form = useForm<Values>({
    initialValues: { user_id: '', new_role: 'shipper' },
    validate: (v) => zodErrors(teamTransferRequest, t, v),
  });
  const proven = useWithPasswordConfirmation((body: TeamTransferRequest) => teamActions.transfer(body));
  const transfer = useMutation({
    mutationFn: proven.run,
    onSuccess: async (team, body) => {
      if (!team) return;
      const name = candidates.find((m) => m.id === body.user_id)?.name ?? '';
      showNotice({ color: 'green', message: { key: 'team.transfer.done', params: { name } } });
      const me = await fetchCurrentUser().catch(() => null);
      if (me) storeUser(me);
      await afterTeamChange(client);
      onDone(body.new_role === 'account_admin');
    },
    onError: (error) => setServerErrors(form, error),
  });
  return (
    <>
      <Modal opened onClose={onClose} title={t('team.transfer.title')} size="lg" centered>
        <form onSubmit={form.onSubmit((v) => transfer.mutate(v))} noValidate>
          <Stack>
            <Text size="sm">{t('team.transfer.intro')}</Text>
            <NativeSelect
              label={t('team.transfer.to')}
              withAsterisk
              data-autofocus
              data={[
                { value: '', label: t('team.transfer.choose'), disabled: true },
                ...candidates.map((m) => ({ value: m.id, label: `${m.name} (${m.email})` })),
              ]}
              {...form.getInputProps('user_id')}
            />
            <RoleSelect label={t('team.transfer.my_role')} withAsterisk {...form.getInputProps('new_role')} />
            <FormAlert error={transfer.error} fields={form} />
            <ModalActions onCancel={onClose} submitLabel={t('team.transfer.submit')} submitting={transfer.isPending} />
          </Stack>
        </form>
      </Modal>
      {proven.modal}
    </>
  );
}
