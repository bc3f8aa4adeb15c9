import { settingsUpdate } from '@freight/contracts';
import {
  CURRENCIES,
  DEFAULT_SETTINGS,
  INSURANCE_PREFERENCES,
  LANGUAGES,
  RECORDS_PER_PAGE,
  SHIPPING_MODES,
  SUBSCRIPTIONS,
  UNIT_SYSTEMS,
  type UserSettings,
} from '@freight/domain';
import { Button, Checkbox, Grid, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useAuthUser, useStoreUser } from '../../../lib/auth';
import { serverFieldErrors, zodErrors } from '../../../lib/forms';
import { updateSettings } from '../api/settingsApi';

/** User settings saved with PUT /api/settings; the UI language switches at once. */
export function PreferencesForm() {
  const { t, i18n } = useTranslation();
  const user = useAuthUser();
  const storeUser = useStoreUser();
  const initial: UserSettings = {
    ...DEFAULT_SETTINGS,
    ...user?.settings,
    subscriptions: { ...DEFAULT_SETTINGS.subscriptions, ...user?.settings?.subscriptions },
  };
  const form = useForm<UserSettings>({ initialValues: initial, validate: (v) => zodErrors(settingsUpdate, t, v) });
  const submit = form.onSubmit(async (v) => {
    try {
      const res = await updateSettings(v);
      storeUser(res.data); // LanguageSync switches the UI language from the stored settings
      form.resetDirty(v);
      // Said in the language just chosen, which the UI is switching to.
      notifications.show({ color: 'green', message: i18n.getFixedT(res.data.settings.language)('settings.account_updated') });
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (Object.keys(fields).length) form.setErrors(fields);
      notifications.show({ color: 'red', message: t('settings.update_failed') });
    }
  });
  const select = (values: readonly (string | number)[], ns: string) => values.map((v) => ({ value: String(v), label: t(`${ns}.${v}`) }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={3}>{t('settings.prefs.title')}</Title>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('settings.prefs.language')}
              allowDeselect={false}
              data={select(LANGUAGES, 'languages')}
              {...form.getInputProps('language')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('settings.prefs.unit_system')}
              allowDeselect={false}
              data={select(UNIT_SYSTEMS, 'unit_systems')}
              {...form.getInputProps('unit_system')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('settings.prefs.currency')}
              allowDeselect={false}
              data={select(CURRENCIES, 'currencies')}
              {...form.getInputProps('currency')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('settings.prefs.records_per_page')}
              allowDeselect={false}
              data={RECORDS_PER_PAGE.map((n) => ({ value: String(n), label: String(n) }))}
              value={String(form.values.records_per_page)}
              onChange={(v) => v && form.setFieldValue('records_per_page', Number(v))}
              error={form.errors.records_per_page}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('settings.prefs.insurance')}
              allowDeselect={false}
              data={select(INSURANCE_PREFERENCES, 'insurance_preferences')}
              {...form.getInputProps('insurance_preference')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('settings.prefs.preferred_mode')}
              allowDeselect={false}
              data={select(SHIPPING_MODES, 'shipping_modes')}
              {...form.getInputProps('preferred_mode')}
            />
          </Grid.Col>
        </Grid>
        <Text fw={500}>{t('settings.prefs.subscriptions')}</Text>
        {SUBSCRIPTIONS.map((s) => (
          <Checkbox key={s} label={t(`subscriptions.${s}`)} {...form.getInputProps(`subscriptions.${s}`, { type: 'checkbox' })} />
        ))}
        <div>
          <Button type="submit" loading={form.submitting}>
            {t('settings.prefs.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
