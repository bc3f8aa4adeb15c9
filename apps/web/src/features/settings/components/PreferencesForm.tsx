import { settingsUpdate } from '@freight/contracts';
import { DEFAULT_SETTINGS, INSURANCE_PREFERENCES, RECORDS_PER_PAGE, SUBSCRIPTIONS, type UserSettings } from '@freight/domain';
import { Button, Checkbox, Grid, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PreferenceFields, PreferenceSelect } from '../../../components/PreferenceFields';
import { useAuthUser } from '../../../lib/auth';
import { useStoreUser } from '../../../lib/currentUserQuery';
import { zodErrors } from '../../../lib/forms';
import { updateSettings } from '../api/settingsApi';
import { notifyAccountUpdated, reportSaveFailure } from './saveNotices';

/** User settings saved with PUT /api/settings; the UI language switches at once. */
export function PreferencesForm() {
  const { t } = useTranslation();
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
      // Worded as it shows: in the language just chosen once the UI has switched to it.
      notifyAccountUpdated();
    } catch (e) {
      reportSaveFailure(form, e, t);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2} size="h3">
          {t('settings.prefs.title')}
        </Title>
        <PreferenceFields form={form} prefix="">
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
          <PreferenceSelect
            form={form}
            path="insurance_preference"
            label={t('settings.prefs.insurance')}
            values={INSURANCE_PREFERENCES}
            ns="insurance_preferences"
          />
        </PreferenceFields>
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
