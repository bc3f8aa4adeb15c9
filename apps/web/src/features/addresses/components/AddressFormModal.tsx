import { type AddressBookEntry, type AddressBookEntryInput, addressBookEntry, LOCATION_TYPES } from '@freight/contracts';
import { COUNTRIES } from '@freight/domain';
import { ActionIcon, Alert, Button, Checkbox, Fieldset, Grid, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../../../components/ModalActions';
import { isApiError } from '../../../lib/api';
import { setServerErrors, splitServerErrors, zodErrors } from '../../../lib/forms';
import { ADDRESSES_KEY, createAddress, updateAddress } from '../api/addressesApi';
import { isRegionOf, regionOptions } from '../regions';

const STREETS = ['street1', 'street2', 'street3', 'street4', 'street5'] as const;

export type AddressFormValues = {
  company: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street1: string;
  street2: string;
  street3: string;
  street4: string;
  street5: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  exterior_number: string;
  interior_number: string;
  neighborhood: string;
  location_type: string;
  limited_access: boolean;
  liftgate_recommended: boolean;
  opens_at: string;
  closes_at: string;
};

export const emptyAddressEntry: AddressFormValues = {
  company: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  street1: '',
  street2: '',
  street3: '',
  street4: '',
  street5: '',
  city: '',
  state: '',
  postal_code: '',
  country: 'US',
  exterior_number: '',
  interior_number: '',
  neighborhood: '',
  location_type: 'commercial',
  limited_access: false,
  liftgate_recommended: false,
  opens_at: '',
  closes_at: '',
};

function valuesOf(entry: AddressBookEntry | null): AddressFormValues {
  if (!entry) return { ...emptyAddressEntry };
  const out = { ...emptyAddressEntry };
  for (const k of Object.keys(out) as (keyof AddressFormValues)[]) {
    const v = entry[k];
    if (v !== undefined && v !== null) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** The request body: Mexican fields only for Mexico, address lines packed up (no gaps). */
export function toPayload(v: AddressFormValues): AddressBookEntryInput {
  const streets = STREETS.map((k) => v[k].trim()).filter(Boolean);
  const mx = v.country === 'MX';
  return {
    ...v,
    street1: streets[0] ?? '',
    street2: streets[1] ?? '',
    street3: streets[2] ?? '',
    street4: streets[3] ?? '',
    street5: streets[4] ?? '',
    exterior_number: mx ? v.exterior_number : '',
    interior_number: mx ? v.interior_number : '',
    neighborhood: mx ? v.neighborhood : '',
  } as AddressBookEntryInput;
}

/** Lines shown: at least one, and every line up to the last one with text. */
const linesInUse = (v: AddressFormValues) => Math.max(1, ...STREETS.map((k, i) => (v[k].trim() ? i + 1 : 0)));

/**
 * Add or edit an address book entry: every field, the Mexican
 * interior/exterior number and neighborhood for Mexico, checked with the contract before sending;
 * a failed save shows the spec's 'Error saving address...' at the top and the field messages.
 */
export function AddressFormModal({ opened, onClose, entry }: { opened: boolean; onClose: () => void; entry: AddressBookEntry | null }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(entry ? 'addresses.form.edit_title' : 'addresses.form.add_title')} size="xl" centered>
      <AddressForm entry={entry} onDone={onClose} />
    </Modal>
  );
}

function AddressForm({ entry, onDone }: { entry: AddressBookEntry | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const form = useForm<AddressFormValues>({
    initialValues: valuesOf(entry),
    validate: (v) => zodErrors(addressBookEntry, t, v, toPayload),
  });
  const [lines, setLines] = useState(() => linesInUse(form.getValues()));
  const values = form.getValues();
  const country = values.country;

  const submit = form.onSubmit(
    async (v) => {
      setFailure(null);
      try {
        const body = toPayload(v);
        if (entry) await updateAddress(entry.id, body);
        else await createAddress(body);
        await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
        notifications.show({ color: 'green', message: t(entry ? 'addresses.updated' : 'addresses.created') });
        onDone();
      } catch (e) {
        setServerErrors(form, e);
        setFailure({ error: e });
      }
    },
    () => setFailure({ error: null }),
  );

  const onCountry = (value: string | null) => {
    const next = value ?? 'US';
    form.setFieldValue('country', next);
    if (!isRegionOf(next, form.getValues().state)) form.setFieldValue('state', '');
  };

  const removeLine = (index: number) => {
    const v = form.getValues();
    const kept = STREETS.map((k) => v[k]).filter((_, i) => i !== index);
    STREETS.forEach((k, i) => {
      form.setFieldValue(k, kept[i] ?? '');
    });
    setLines((n) => Math.max(1, n - 1));
  };

  const failedError = failure?.error;
  // A 422's messages are at their fields, but for those of no field here, said with the failure.
  const reason =
    failedError && isApiError(failedError) && failedError.status === 422
      ? splitServerErrors(failedError, form).rest.join(' ')
      : failedError
        ? failureReason(failedError, t)
        : '';

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {t('addresses.form.save_failed')}
            {reason && (
              <Text size="sm" mt={4}>
                {reason}
              </Text>
            )}
          </Alert>
        )}
        <TextInput
          label={t('addresses.form.company')}
          withAsterisk
          autoComplete="organization"
          maxLength={160}
          {...form.getInputProps('company')}
        />

        <Fieldset legend={t('addresses.form.contact')}>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('addresses.form.first_name')} autoComplete="given-name" {...form.getInputProps('first_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('addresses.form.last_name')} autoComplete="family-name" {...form.getInputProps('last_name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('addresses.form.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label={t('addresses.form.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            </Grid.Col>
          </Grid>
        </Fieldset>

        <Fieldset legend={t('addresses.form.address')}>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('addresses.form.country')}
                withAsterisk
                allowDeselect={false}
                data={COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
                {...form.getInputProps('country')}
                onChange={onCountry}
              />
            </Grid.Col>
            {STREETS.slice(0, lines).map((k, i) => (
              <Grid.Col span={12} key={k}>
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={i === 0 ? t('addresses.form.street1') : t('addresses.form.street_n', { n: i + 1 })}
                    withAsterisk={i === 0}
                    autoComplete={i === 0 ? 'address-line1' : i === 1 ? 'address-line2' : 'off'}
                    {...form.getInputProps(k)}
                  />
                  {i > 0 && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      mb={form.errors[k] ? 22 : 0}
                      aria-label={t('addresses.form.remove_line', { n: i + 1 })}
                      onClick={() => removeLine(i)}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
              </Grid.Col>
            ))}
            {lines < STREETS.length && (
              <Grid.Col span={12}>
                <Button variant="subtle" size="compact-sm" onClick={() => setLines((n) => Math.min(STREETS.length, n + 1))}>
                  + {t('addresses.form.add_line')}
                </Button>
              </Grid.Col>
            )}
            {country === 'MX' && (
              <>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <TextInput label={t('addresses.form.exterior_number')} maxLength={20} {...form.getInputProps('exterior_number')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <TextInput label={t('addresses.form.interior_number')} maxLength={20} {...form.getInputProps('interior_number')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <TextInput label={t('addresses.form.neighborhood')} maxLength={100} {...form.getInputProps('neighborhood')} />
                </Grid.Col>
              </>
            )}
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label={t('addresses.form.city')} withAsterisk autoComplete="address-level2" {...form.getInputProps('city')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label={t('addresses.form.state')}
                withAsterisk
                searchable
                placeholder={t('addresses.form.state_placeholder')}
                data={regionOptions(country, i18n.language, values.state)}
                nothingFoundMessage="—"
                {...form.getInputProps('state')}
                onChange={(v) => form.setFieldValue('state', v ?? '')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label={t('addresses.form.postal_code')}
                withAsterisk
                autoComplete="postal-code"
                maxLength={16}
                {...form.getInputProps('postal_code')}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>

        <Fieldset legend={t('addresses.form.location')}>
          <Stack gap="sm">
            <Radio.Group label={t('addresses.form.location_type')} {...form.getInputProps('location_type')}>
              <Group mt={4}>
                {LOCATION_TYPES.map((lt) => (
                  <Radio key={lt} value={lt} label={t(`addresses.location_types.${lt}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Checkbox
              label={t('addresses.form.limited_access')}
              description={t('addresses.form.limited_access_hint')}
              {...form.getInputProps('limited_access', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('addresses.form.liftgate_recommended')}
              description={t('addresses.form.liftgate_hint')}
              {...form.getInputProps('liftgate_recommended', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('addresses.form.hours')}>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput type="time" label={t('addresses.form.opens_at')} miw={140} {...form.getInputProps('opens_at')} />
            <TextInput type="time" label={t('addresses.form.closes_at')} miw={140} {...form.getInputProps('closes_at')} />
          </Group>
        </Fieldset>

        <ModalActions onCancel={onDone} submitLabel={t('addresses.form.save')} submitting={form.submitting} />
      </Stack>
    </form>
  );
}

/** Why a save failed when it is no 422 (network, server), said plainly. */
function failureReason(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('common.unexpected_error');
  if (error.status === 0) return t('common.network_error');
  if (error.status >= 500) return t('errors.server_error', { requestId: String(error.body.request_id ?? '-') });
  return error.message;
}
