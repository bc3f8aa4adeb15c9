import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { showNotice } from '../../../components/notices/showNotice';
import { isApiError } from '../../../lib/api';
import { setServerErrors } from '../../../lib/forms';
import { getSmsSetting, putSmsSetting, SMS_SETTING_KEY } from '../api/smsSettingsApi';

/**
 * The user's own mobile number for text alerts, saved on its own. The server reads and checks it
 * (libphonenumber, the account's country unless it starts with +): its 'Enter valid number' lands on
 * the field. Empty and saved, the number is removed.
 */
export function SmsNumberSetting() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ queryKey: SMS_SETTING_KEY, queryFn: getSmsSetting });
  const form = useForm({ initialValues: { mobile_number: '' } });
  const shown = query.data?.display ?? '';
  // The saved number once it arrives, unless the user is typing another.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new saved number resets the field
  useEffect(() => {
    if (query.data && !form.isDirty()) {
      form.setInitialValues({ mobile_number: shown });
      form.setValues({ mobile_number: shown });
    }
  }, [query.data, shown]);
  const save = useMutation({
    mutationFn: (mobile_number: string) => putSmsSetting({ mobile_number }),
    onSuccess: (data) => {
      client.setQueryData(SMS_SETTING_KEY, data);
      // The alert choices offer texts only to a user with a number: they are asked again (by key, not import).
      void client.invalidateQueries({ queryKey: ['alerts', 'preferences'] });
      const display = data.display ?? '';
      form.setInitialValues({ mobile_number: display });
      form.setValues({ mobile_number: display });
      showNotice({ color: 'green', message: { key: data.mobile_number ? 'settings.sms.saved' : 'settings.sms.removed' } });
    },
    onError: (error) => setServerErrors(form, error),
  });
  const fieldError = save.error && isApiError(save.error) && save.error.status === 422;
  return (
    <Stack gap="xs" data-testid="sms-number-setting">
      <Title order={2} size="h3">
        {t('settings.sms.title')}
      </Title>
      <Text size="sm">{t('settings.sms.intro')}</Text>
      {query.error && <ErrorAlert error={query.error} />}
      {!query.data && !query.error ? (
        <LoadingBlock height={36} maw={360} label={t('settings.sms.loading')} />
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((v) => {
            save.reset();
            save.mutate(v.mobile_number);
          })}
        >
          <Stack gap="xs" align="flex-start">
            <TextInput
              label={t('settings.sms.label')}
              description={t('settings.sms.hint')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              w={{ base: '100%', xs: 320 }}
              {...form.getInputProps('mobile_number')}
            />
            <Button type="submit" loading={save.isPending}>
              {t('settings.sms.save')}
            </Button>
          </Stack>
        </form>
      )}
      {query.data?.opted_out && (
        <Alert color="yellow" data-testid="sms-opted-out">
          {t('settings.sms.opted_out')}
        </Alert>
      )}
      {save.error && !fieldError && <ErrorAlert error={save.error} />}
    </Stack>
  );
}
