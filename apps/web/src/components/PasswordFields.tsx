import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnyForm } from './AddressFields';

/** New password (with the rules as its description) and its confirmation, bound to `password` and `password_confirmation`. */
export function PasswordFields({ form, label, confirmLabel }: { form: AnyForm; label?: string; confirmLabel?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={label ?? t('auth.new_password')}
        description={t('auth.password_rules')}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={confirmLabel ?? t('auth.password_confirmation')}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
