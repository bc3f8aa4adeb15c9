import { Divider, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ChangePasswordModal } from '../components/ChangePasswordModal';
import { PreferencesForm } from '../components/PreferencesForm';
import { ProfileForm } from '../components/ProfileForm';

export function UserSettingsRoute() {
  const [passwordOpen, { open, close }] = useDisclosure(false);
  return (
    <Stack maw={760}>
      <ProfileForm onChangePassword={open} />
      <Divider />
      <PreferencesForm />
      <ChangePasswordModal opened={passwordOpen} onClose={close} />
    </Stack>
  );
}
