import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../../lib/auth';
import { can } from '../../../lib/permissions';
import { AlertPreferences } from '../../alerts';
import { CarrierVisibilityModal } from '../components/CarrierVisibilityModal';
import { ChangePasswordModal } from '../components/ChangePasswordModal';
import { PreferencesForm } from '../components/PreferencesForm';
import { ProfileForm } from '../components/ProfileForm';
import { ReportMailSetting } from '../components/ReportMailSetting';
import { SmsNumberSetting } from '../components/SmsNumberSetting';

export function UserSettingsRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const [passwordOpen, { open, close }] = useDisclosure(false);
  const [carriersOpen, carriers] = useDisclosure(false);
  return (
    <Stack maw={760}>
      <ProfileForm onChangePassword={open} />
      <Divider />
      <PreferencesForm />
      {user?.account && (
        <>
          <Divider />
          <SmsNumberSetting />
        </>
      )}
      {can(user, 'shipments.view') && (
        <>
          <Divider />
          <AlertPreferences />
        </>
      )}
      {can(user, 'analytics.view') && (
        <>
          <Divider />
          <ReportMailSetting />
        </>
      )}
      {user?.account && (
        <>
          <Divider />
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h3">
              {t('settings.carriers.section')}
            </Title>
            <Text size="sm">{t('settings.carriers.intro')}</Text>
            <Button variant="light" onClick={carriers.open}>
              {t('settings.carriers.open')}
            </Button>
          </Stack>
          {carriersOpen && <CarrierVisibilityModal opened onClose={carriers.close} />}
        </>
      )}
      <ChangePasswordModal opened={passwordOpen} onClose={close} />
    </Stack>
  );
}
