import type { AddressBookEntry } from '@freight/contracts';
import { Alert, Button, Checkbox, Fieldset, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupPostalCode } from '../../api/quotesApi';
import { AddressPicker } from '../form/AddressPicker';
import { fieldId } from './formFields';
import { type BookingValues, type PlacePath, type PlaceValues, placeAt, placeFromEntry, samePostalCode } from './model';

/**
 * Pickup or delivery information: picked from the address book (the quote's postal code only)
 * or typed (pickup, delivery or a truckload's extra stop); the postal code and country are the quote's and read-only; Mexican addresses add
 * exterior and interior numbers and the neighborhood; hours of operation; a typed place can be
 * saved to the address book.
 */
export function PlaceSection({
  form,
  end,
  onRequote,
  title,
  pickLabel,
  children,
  emailOptional = false,
  rerate,
}: {
  form: UseFormReturnType<BookingValues>;
  /** Pickup, delivery, or an extra stop's place (`stops.N.place`). */
  end: PlacePath;
  onRequote: () => void;
  /** The legend and the picker's label; pickup and delivery have their own. */
  title?: string;
  pickLabel?: string;
  /** Below the place (an extra stop's date and times). */
  children?: ReactNode;
  /** The contact's email may be left out (an eBay order's buyer: eBay gives no email). */
  emailOptional?: boolean;
  /** Pickup and delivery: whether a picked entry changes what the rates were based on, and the re-rate with it. */
  rerate?: { changes: (entry: AddressBookEntry) => boolean; rerate: (entry: AddressBookEntry) => void };
}) {
  const { t } = useTranslation();
  const place = placeAt(form.values, end) as PlaceValues;
  const [mismatch, setMismatch] = useState<AddressBookEntry | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const input = (field: string) => ({ id: fieldId(`${end}.${field}`), ...form.getInputProps(`${end}.${field}`) });

  // City and state of the quoted postal code, filled in once when the place has none yet.
  const lookup = useQuery({
    queryKey: ['postal-code', place.country, place.postal_code],
    queryFn: () => lookupPostalCode(place.country, place.postal_code),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const filled = useRef('');
  useEffect(() => {
    const found = lookup.data?.data;
    const code = found ? `${found.country}:${found.postal_code}` : '';
    if (!found || filled.current === code) return;
    filled.current = code;
    const current = placeAt(form.getValues(), end);
    if (current && !current.city && !current.state) {
      if (found.city) form.setFieldValue(`${end}.city`, found.city);
      if (found.state) form.setFieldValue(`${end}.state`, found.state);
    }
  }, [lookup.data, end, form]);

  const pick = (entry: AddressBookEntry) => {
    const current = placeAt(form.getValues(), end);
    if (!current) return;
    // A street, company or contact of its own is not a new rate; another postal code, site type or lift-gate is.
    if (rerate?.changes(entry)) {
      setMismatch(null);
      form.setFieldValue(end, placeFromEntry(current, entry));
      rerate.rerate(entry);
      return;
    }
    if (entry.country !== current.country || !samePostalCode(entry.postal_code, current.postal_code)) {
      setMismatch(entry);
      return;
    }
    setMismatch(null);
    form.setFieldValue(end, placeFromEntry(current, entry));
    // The place's fields are new: their old errors go (the rest of the form keeps its own).
    for (const path of Object.keys(form.errors)) if (path.startsWith(`${end}.`)) form.clearFieldError(path);
  };

  const typeInstead = () => {
    form.setFieldValue(`${end}.address_book_id`, '');
    setPickerKey((k) => k + 1);
  };

  const mx = place.country === 'MX';
  return (
    <Fieldset legend={title ?? t(`quotes.booking.place.${end}_title`)} data-testid={`booking-${end.replaceAll('.', '-')}`}>
      <Stack gap="sm">
        <AddressPicker
          key={pickerKey}
          label={pickLabel ?? t(`quotes.booking.place.pick_${end}`)}
          placeholder={t('quotes.booking.place.placeholder')}
          onPick={pick}
          chosen={
            place.address_book_id ? (
              <Group gap="xs" component="span">
                <Text span size="xs" c="teal.8" fw={500}>
                  {t('quotes.booking.place.picked', { company: place.company })}
                </Text>
                <Button variant="subtle" size="compact-xs" onClick={typeInstead}>
                  {t('quotes.booking.place.type_instead')}
                </Button>
              </Group>
            ) : undefined
          }
          emptyText={t('quotes.booking.place.empty')}
        />
        {mismatch && (
          <Alert color="yellow" role="alert" onClose={() => setMismatch(null)} withCloseButton>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {t('quotes.booking.place.mismatch', {
                  company: mismatch.company,
                  postal_code: mismatch.postal_code,
                  quoted: place.postal_code,
                })}
              </Text>
              <Button size="xs" variant="white" color="yellow" onClick={onRequote}>
                {t('quotes.booking.schedule.back_to_details')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Grid gap="sm">
          <Grid.Col span={12}>
            <TextInput
              label={t('quotes.booking.place.company')}
              withAsterisk
              autoComplete="organization"
              maxLength={160}
              {...input('company')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('contact.first_name')} withAsterisk autoComplete="given-name" maxLength={80} {...input('first_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('contact.last_name')} withAsterisk autoComplete="family-name" maxLength={80} {...input('last_name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('contact.email')}
              withAsterisk={!emailOptional}
              description={emailOptional ? t('quotes.ebay.email_optional') : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              type="email"
              autoComplete="email"
              maxLength={254}
              {...input('email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('contact.phone')} withAsterisk type="tel" autoComplete="tel" maxLength={24} {...input('phone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('address.street1')} withAsterisk autoComplete="address-line1" maxLength={255} {...input('street1')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('address.street2')} autoComplete="address-line2" maxLength={255} {...input('street2')} />
          </Grid.Col>
          {mx && (
            <>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <TextInput label={t('quotes.booking.place.exterior_number')} maxLength={20} {...input('exterior_number')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <TextInput label={t('quotes.booking.place.interior_number')} maxLength={20} {...input('interior_number')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('quotes.booking.place.neighborhood')} maxLength={100} {...input('neighborhood')} />
              </Grid.Col>
            </>
          )}
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('address.city')} withAsterisk autoComplete="address-level2" maxLength={100} {...input('city')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('address.state')} withAsterisk autoComplete="address-level1" maxLength={64} {...input('state')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('address.postal_code')}
              readOnly
              variant="filled"
              description={t('quotes.booking.place.postal_code_note')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...input('postal_code')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              id={fieldId(`${end}.country`)}
              label={t('address.country')}
              readOnly
              variant="filled"
              value={t(`countries.${place.country}`)}
              description={t('quotes.booking.place.country_note')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={form.errors[`${end}.country`]}
            />
          </Grid.Col>
          <Grid.Col span={12} pb={0}>
            <Text size="sm" fw={500} id={fieldId(`${end}.hours`)}>
              {t('quotes.booking.place.hours')}
            </Text>
          </Grid.Col>
          {/* Half the place's width at every size: the place shares the row with the other end's on a
              wide screen, and a quarter of it cut the time ("07:00 A"). */}
          <Grid.Col span={6}>
            <TextInput type="time" label={t('quotes.booking.place.opens_at')} {...input('opens_at')} />
          </Grid.Col>
          <Grid.Col span={6}>
            <TextInput type="time" label={t('quotes.booking.place.closes_at')} {...input('closes_at')} />
          </Grid.Col>
        </Grid>
        {!place.address_book_id && (
          <Checkbox
            id={fieldId(`${end}.save_to_address_book`)}
            label={t('quotes.booking.place.save')}
            {...form.getInputProps(`${end}.save_to_address_book`, { type: 'checkbox' })}
          />
        )}
        {children}
      </Stack>
    </Fieldset>
  );
}
