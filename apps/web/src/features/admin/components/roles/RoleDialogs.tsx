import { type StaffUserView, staffInviteRequest } from '@freight/contracts';
import { ROLES, type Role } from '@freight/domain';
import { Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { serverFieldErrors, zodErrors } from '../../../../lib/forms';
import { inviteStaff, setRoles } from '../../api/adminApi';
import { isFormError } from '../fieldErrors';

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

/** Grants and revokes a user's roles at once; the server refuses to remove the last super_admin. */
export function EditRolesDialog({ user, onClose }: { user: StaffUserView; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({ initialValues: { roles: user.roles } });
  const save = useMutation({
    mutationFn: (roles: Role[]) => setRoles(user.id, roles),
    onSuccess: async () => {
      onClose();
      await refresh(client);
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('admin.roles.edit_title', { name: user.name })} centered size="lg">
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v.roles))}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
          {save.error && <ErrorAlert error={save.error} />}
          <RoleChoices value={form.values.roles} onChange={(roles) => form.setFieldValue('roles', roles)} />
          <ModalActions onCancel={onClose} submitLabel={t('admin.roles.save')} submitting={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Invites a new staff user: they get a mail whose link sets their password. */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({ initialValues: { first_name: '', last_name: '', email: '', roles: [] as Role[] } });
  const send = useMutation({
    mutationFn: (values: typeof form.values) => inviteStaff(values),
    onSuccess: async () => {
      onClose();
      await refresh(client);
    },
    onError: (e) => form.setErrors(serverFieldErrors(e)),
  });
  return (
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
          {isFormError(send.error) && <ErrorAlert error={send.error} />}
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
  );
}
