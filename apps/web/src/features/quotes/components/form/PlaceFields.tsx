import { type AddressBookEntry, SITE_TYPES } from '@freight/contracts';
import { COUNTRIES, type Country } from '@freight/domain';
import { Grid, NativeSelect, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api';
import { translateMessage } from '../../../../lib/forms';
import { lookupPostalCode } from '../../api/quotesApi';
import { useGuestQuote } from '../guest';
import { AddressPicker } from './AddressPicker';
import { type FormValues, normalizePostalCode, type SiteType } from './model';
import { PlaceLine } from './PlaceLine';

/** A complete code of the country: US ZIP (ZIP+4 allowed), Canadian A1A 1A1, Mexican 5-digit CP. */
const COMPLETE: Record<Country, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/,
  MX: /^\d{5}$/,
};
const CANADIAN_START = /^[A-Za-z]\d/;

/**
 * An end's fields lay out by the width they have, not the window's: half the form on a desktop.
 * In rem, so enlarged text puts the selects on rows of their own before they overlap.
 */
const FIELD_BREAKPOINTS = { xs: '18rem', sm: '28rem', md: '40rem', lg: '52rem', xl: '64rem' };

const isCompletePostalCode = (country: Country, code: string) => COMPLETE[country].test(normalizePostalCode(code));

/** City and state of a complete code (debounced 300 ms, cached by react-query), or the server's message. */
export function usePlaceLookup(country: Country, code: string) {
  const { t } = useTranslation();
  const guest = useGuestQuote();
  const [debounced] = useDebouncedValue(normalizePostalCode(code), 300);
  const enabled = debounced === normalizePostalCode(code) && isCompletePostalCode(country, debounced);
  const query = useQuery({
    queryKey: ['postal-code', country, debounced],
    queryFn: () => lookupPostalCode(country, debounced, guest),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!enabled) return { place: null, error: null, searching: false };
  let error: string | null = null;
  const e = query.error;
  if (e) {
    // 404: the server's message for an unknown code, in the user's language; 422: its field message.
    if (isApiError(e) && (e.status === 404 || e.status === 422)) {
      error = translateMessage(t, Object.values(e.errors).flat()[0] ?? (e.message || 'validation.postal_code_unknown'));
    } else error = t('quotes.form.errors.lookup_failed');
  }
  return { place: query.data?.data ?? null, error, searching: query.isFetching };
}

/**
 * An address book search that fills the end (optional: the fields can be typed into), then postal
 * code (with the city and state it names), country and site type of one end.
 */
export function PlaceFields({
  form,
  end,
  onSiteType,
  onPick,
}: {
  form: UseFormReturnType<FormValues>;
  end: 'origin' | 'destination';
  onSiteType: (next: SiteType) => void;
  /** An address book entry was picked: fill the end from it. */
  onPick: (entry: AddressBookEntry) => void;
}) {
  const { t } = useTranslation();
  const guest = useGuestQuote();
  const side = end === 'origin' ? 'pickup' : 'delivery';
  const value = form.values[end];
  const lookup = usePlaceLookup(value.country, value.postal_code);
  const fieldError = form.errors[`${end}.postal_code`];
  // Mexico answers the state only.
  const found = lookup.place
    ? lookup.place.city
      ? t('quotes.form.lookup.place', { city: lookup.place.city, state: lookup.place.state })
      : lookup.place.state
    : null;

  // The entry picked, named under the search box while the end still holds its postal code and country.
  const [picked, setPicked] = useState<AddressBookEntry | null>(null);
  const chosen =
    picked && normalizePostalCode(picked.postal_code) === normalizePostalCode(value.postal_code) && picked.country === value.country
      ? t('quotes.form.pickers.address.chosen', picked)
      : null;

  const onCode = (raw: string) => {
    // A Canadian code starts with a letter and a digit: switch the country for the user.
    if (value.country === 'US' && CANADIAN_START.test(raw)) form.setFieldValue(`${end}.country`, 'CA');
    form.setFieldValue(`${end}.postal_code`, raw);
  };

  return (
    <Grid gap="xs" type="container" breakpoints={FIELD_BREAKPOINTS}>
      {/* A visitor has no address book. */}
      {!guest && (
        <Grid.Col span={12}>
          <AddressPicker
            label={t(`quotes.form.pickers.address.${side}`)}
            placeholder={t('quotes.form.pickers.address.placeholder')}
            onPick={(a) => {
              setPicked(a);
              onPick(a);
            }}
            chosen={
              chosen ? (
                <Text span size="xs" c="teal.8" fw={500} data-testid={`${side}-address`}>
                  {chosen}
                </Text>
              ) : undefined
            }
            emptyText={t('quotes.form.pickers.address.empty')}
          />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput
          label={t(`quotes.form.postal_code.${side}`)}
          withAsterisk
          autoComplete="postal-code"
          value={value.postal_code}
          onChange={(e) => onCode(e.currentTarget.value)}
          error={fieldError ?? lookup.error}
          description={
            <PlaceLine found={found} pending={lookup.searching ? t('quotes.form.lookup.searching') : undefined} testId={`${side}-place`} />
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxLength={16}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
        <NativeSelect
          label={t(`quotes.form.country.${side}`)}
          data={COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
          {...form.getInputProps(`${end}.country`)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
        <NativeSelect
          label={t(`quotes.form.site_type.${side}`)}
          data={SITE_TYPES.map((s) => ({ value: s, label: t(`quotes.form.site_types.${s}`) }))}
          value={value.site_type}
          onChange={(e) => onSiteType(e.currentTarget.value as SiteType)}
          error={form.errors[`${end}.site_type`]}
        />
      </Grid.Col>
    </Grid>
  );
}
