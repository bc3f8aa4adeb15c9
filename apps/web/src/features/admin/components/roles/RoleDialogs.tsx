import { type StaffUserView, staffInviteRequest } from '@freight/contracts';
import { ROLES, type Role } from '@freight/domain';
import { Alert, Badge, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithPasswordConfirmation } from '../../../../components/ConfirmPasswordModal';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { FormAlert } from '../../../../components/FormAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { isApiError } from '../../../../lib/api';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { inviteStaff, setRoles } from '../../api/adminApi';

/** The seven roles as checkboxes, each with what it opens. */
function RoleChoices({ value, onChange, error }: { value: Role[]; onChange: (roles: Role[]) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={t('admin.roles.roles')} value={value} onChange={(v) => onChange(v as Role[])} error={error}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        {ROLES.map((r) => (
          <Checkbox key={r} value={r} label={t(`roles.${r}`)} description={t(`admin.roles.about.${r}`)} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

const refresh = (client: ReturnType<typeof useQueryClient>) => client.invalidateQueries({ queryKey: ['admin', 'roles'] });

/** The roles in `next` that `user` does not hold yet. */
export const addedRoles = (held: readonly Role[], next: readonly Role[]) => next.filter((r) => !held.includes(r));

/**
 * Grants and revokes a user's roles at once; the server refuses to remove the last super_admin.
 * A customer account's user who would get a new role is a second step: the dialog names their
 * account and staff confirm it (sent back as `confirm_account_id`). Granting super_admin or
 * fpg_admin asks for the password again when the last proof is older than 10 minutes.
 */
export function EditRolesDialog({ user, onClose }: { user: StaffUserView; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({ initialValues: { roles: user.roles } });
  const [confirming, setConfirming] = useState(false);
  const proven = useWithPasswordConfirmation((v: { roles: Role[]; confirmAccountId?: string }) =>
    setRoles(user.id, v.roles, v.confirmAccountId),
  );
  const save = useMutation({
    mutationFn: proven.run,
    onSuccess: async (saved) => {
      if (!saved) return;
      onClose();
      await refresh(client);
    },
    // The server asks for the account's confirmation this dialog did not expect (roles changed meanwhile).
    onError: (e) => {
      if (isApiError(e) && e.code === 'account_confirmation_required' && user.account) setConfirming(true);
    },
  });
  const needsConfirmation = Boolean(user.account) && addedRoles(user.roles, form.values.roles).length > 0;
  const submit = form.onSubmit((v) => {
    if (needsConfirmation && !confirming) {
      setConfirming(true);
      return;
    }
    save.mutate({ roles: v.roles, confirmAccountId: confirming ? user.account?.id : undefined });
  });
  const shownError =
    save.error && !(confirming && isApiError(save.error) && save.error.code === 'account_confirmation_required') ? save.error : null;
  return (
    <>
      <Modal opened onClose={onClose} title={t('admin.roles.edit_title', { name: user.name })} centered size="lg">
        <form noValidate onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
            {shownError && <ErrorAlert error={shownError} />}
            {confirming && user.account ? (
              <>
                <Alert color="orange" title={t('admin.roles.customer_title')} role="alert">
                  <Stack gap="xs">
                    <Text size="sm">{t('admin.roles.customer_warning', { name: user.name, account: user.account.name })}</Text>
                    <Group gap={4}>
                      {addedRoles(user.roles, form.values.roles).map((r) => (
                        <Badge key={r} size="sm" variant="light" color={r === 'super_admin' ? 'red' : undefined}>
                          {t(`roles.${r}`)}
                        </Badge>
                      ))}
                    </Group>
                  </Stack>
                </Alert>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setConfirming(false)}>
                    {t('admin.roles.back')}
                  </Button>
                  <Button type="submit" color="orange" loading={save.isPending}>
                    {t('admin.roles.customer_confirm', { name: user.name })}
                  </Button>
                </Group>
              </>
            ) : (
              <>
                <RoleChoices value={form.values.roles} onChange={(roles) => form.setFieldValue('roles', roles)} />
                <ModalActions onCancel={onClose} submitLabel={t('admin.roles.save')} submitting={save.isPending} />
              </>
            )}
          </Stack>
        </form>
      </Modal>
      {proven.modal}
    </>
  );
}

/** Invites a new staff user: they get a mail whose link sets their password. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({ initialValues: { first_name: '', last_name: '', email: '', roles: [] as Role[] } });
  // An invitation grants staff roles: the server may ask for the password again (423).
  const proven = useWithPasswordConfirmation((values: typeof form.values) => inviteStaff(values));
  const send = useMutation({
    mutationFn: proven.run,
    onSuccess: async (invited) => {
      if (!invited) return;
      onClose();
      await refresh(client);
    },
    onError: (e) => setServerErrors(form, e),
  });
  return (
    <>
      <Modal opened onClose={onClose} title={t('admin.roles.invite')} centered size="lg">
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            const errors = zodErrors(staffInviteRequest, t, values);
            if (Object.keys(errors).length) form.setErrors(errors);
            else send.mutate(values);
          })}
        >
          <Stack gap="sm">
            <Text size="sm">{t('admin.roles.invite_intro')}</Text>
            <FormAlert error={send.error} fields={form} />
            <Group grow align="flex-start">
              <TextInput label={t('contact.first_name')} withAsterisk maxLength={80} {...form.getInputProps('first_name')} />
              <TextInput label={t('contact.last_name')} withAsterisk maxLength={80} {...form.getInputProps('last_name')} />
            </Group>
            <TextInput label={t('contact.email')} withAsterisk type="email" {...form.getInputProps('email')} />
            <RoleChoices
              value={form.values.roles}
              onChange={(roles) => form.setFieldValue('roles', roles)}
              error={form.errors.roles as string | undefined}
            />
            <ModalActions onCancel={onClose} submitLabel={t('admin.roles.send_invite')} submitting={send.isPending} />
          </Stack>
        </form>
      </Modal>
      {proven.modal}
    </>
  );
}
