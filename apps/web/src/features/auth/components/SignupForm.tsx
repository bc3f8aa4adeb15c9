import { type RegisterRequest, registerRequest } from '@freight/contracts';
import { isLanguage } from '@freight/domain';
import { Anchor, Button, Checkbox, Fieldset, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddressFields, ContactFields, emptyAddress, emptyContact } from '../../../components/AddressFields';
import { focusFirstInvalidField } from '../../../components/a11y/invalidFields';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PasswordFields } from '../../../components/PasswordFields';
import { PreferenceFields } from '../../../components/PreferenceFields';
import { isApiError } from '../../../lib/api';
import { serverFieldErrors, zodErrors } from '../../../lib/forms';
import { paths } from '../../../lib/paths';

export interface SignupValues {
  company_name: string;
  primary_contact: typeof emptyContact;
  company_address: typeof emptyAddress;
  accounting_same_as_company: boolean;
  accounting_contact: typeof emptyContact;
  accounting_address: typeof emptyAddress;
  preferences: { language: string; unit_system: string; currency: string; preferred_mode: string };
  password: string;
  password_confirmation: string;
}

/** The request body: accounting contact and address only when not the same as the company. */
export function toRegisterPayload(v: SignupValues): RegisterRequest {
  const { accounting_contact, accounting_address, ...rest } = v;
  return (v.accounting_same_as_company ? rest : { ...rest, accounting_contact, accounting_address }) as RegisterRequest;
}

/** Company signup; `onRegistered` runs after a 201. */
/** The sections of the form by their path's first part, named as their legends. */
const SECTIONS: Record<string, string> = {
  primary_contact: 'signup.primary_contact',
  company_address: 'signup.company_address',
  accounting_contact: 'signup.accounting_contact',
  accounting_address: 'signup.accounting_address',
  preferences: 'signup.preferences',
};
/** A field's label by the last part of its path, as the form shows it. */
const FIELDS: Record<string, string> = {
  company_name: 'signup.company_name',
  first_name: 'contact.first_name',
  last_name: 'contact.last_name',
  email: 'contact.email',
  phone: 'contact.phone',
  street1: 'address.street1',
  street2: 'address.street2',
  city: 'address.city',
  state: 'address.state',
  postal_code: 'address.postal_code',
  country: 'address.country',
  password: 'auth.password',
  password_confirmation: 'auth.password_confirmation',
};

/**
 * One line of the CHECK FORM INPUT dialog: which field (in which section) and what is wrong
 * with it, e.g. 'Company address – City: Field is required'.
 */
function problemLine(t: TFunction, path: string, message: string) {
  const parts = path.split('.');
  const field = parts.at(-1) ?? path;
  const section = parts.length > 1 ? SECTIONS[parts[0] ?? ''] : undefined;
  const label = FIELDS[field] ? t(FIELDS[field]) : field;
  return `${section ? `${t(section)} – ` : ''}${label}: ${message}`;
}

export function SignupForm({ onSubmit }: { onSubmit: (payload: RegisterRequest) => Promise<unknown> }) {
  const { t, i18n } = useTranslation();
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** The list closed, the user is on the first field to fix (not back on the submit button). */
  const closeProblems = () => {
    setProblems([]);
    requestAnimationFrame(() => formRef.current && focusFirstInvalidField(formRef.current));
  };
  const form = useForm<SignupValues>({
    initialValues: {
      company_name: '',
      primary_contact: { ...emptyContact },
      company_address: { ...emptyAddress },
      accounting_same_as_company: true,
      accounting_contact: { ...emptyContact },
      accounting_address: { ...emptyAddress },
      preferences: {
        language: isLanguage(i18n.language) ? i18n.language : 'en',
        unit_system: 'imperial',
        currency: 'USD',
        preferred_mode: 'default',
      },
      password: '',
      password_confirmation: '',
    },
    validate: (values) => zodErrors(registerRequest, t, values, toRegisterPayload),
  });

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        await onSubmit(toRegisterPayload(values));
      } catch (e) {
        const fieldErrors = serverFieldErrors(e);
        if (Object.keys(fieldErrors).length > 0) {
          form.setErrors(fieldErrors);
          setProblems(Object.entries(fieldErrors).map(([path, message]) => problemLine(t, path, String(message))));
        } else if (isApiError(e) && e.status === 422) {
          setProblems([e.message]);
        } else {
          setFailure(e);
        }
      }
    },
    (errors) => setProblems(Object.entries(errors).map(([path, message]) => problemLine(t, path, String(message)))),
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('signup.company_name')} withAsterisk autoComplete="organization" {...form.getInputProps('company_name')} />
        <Fieldset legend={t('signup.primary_contact')}>
          <ContactFields form={form} prefix="primary_contact" />
        </Fieldset>
        <Fieldset legend={t('signup.company_address')}>
          <AddressFields form={form} prefix="company_address" />
        </Fieldset>
        <Checkbox label={t('signup.accounting_same')} {...form.getInputProps('accounting_same_as_company', { type: 'checkbox' })} />
        {!form.values.accounting_same_as_company && (
          <>
            <Fieldset legend={t('signup.accounting_contact')}>
              <ContactFields form={form} prefix="accounting_contact" />
            </Fieldset>
            <Fieldset legend={t('signup.accounting_address')}>
              <AddressFields form={form} prefix="accounting_address" />
            </Fieldset>
          </>
        )}
        <Fieldset legend={t('signup.preferences')}>
          <PreferenceFields form={form} prefix="preferences" />
        </Fieldset>
        <Fieldset legend={t('signup.password_section')}>
          <Stack>
            <PasswordFields form={form} label={t('auth.password')} />
          </Stack>
        </Fieldset>
        <ErrorAlert error={failure} />
        <Button type="submit" loading={form.submitting}>
          {t('signup.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signup.have_account')}{' '}
          <Anchor component={Link} to={paths.login}>
            {t('auth.login.submit')}
          </Anchor>
        </Text>
      </Stack>
      <Modal opened={problems.length > 0} onClose={closeProblems} returnFocus={false} title={t('signup.check_form_input')} centered>
        <Stack>
          <Text size="sm">{t('signup.check_form_intro')}</Text>
          <List size="sm">
            {[...new Set(problems)].map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
          <Button onClick={closeProblems}>{t('common.ok')}</Button>
        </Stack>
      </Modal>
    </form>
  );
}
