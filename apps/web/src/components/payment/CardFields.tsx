import { Grid, NativeSelect, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** A card as typed: every field a string, as the inputs hold it. */
export interface CardValues {
  cardholder: string;
  card_number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
}

export const EMPTY_CARD: CardValues = { cardholder: '', card_number: '', exp_month: '', exp_year: '', cvc: '' };
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/**
 * What must be typed before the card goes to the processor (the processor checks the rest: the
 * number's check digit, an expiry in the past, the code): each field's i18n key. `elements`: the
 * number, expiry and code are Stripe's own Elements, so only the name is the portal's.
 */
export function cardErrors(v: CardValues, elements = false): Partial<Record<keyof CardValues, string>> {
  const errors: Partial<Record<keyof CardValues, string>> = {};
  if (!v.cardholder.trim()) errors.cardholder = 'validation.required';
  if (elements) return errors;
  if (!/^\d{12,19}$/.test(v.card_number.replace(/[\s-]/g, '')))
    errors.card_number = v.card_number.trim() ? 'validation.card_number' : 'validation.required';
  if (!v.exp_month) errors.exp_month = 'validation.required';
  if (!v.exp_year) errors.exp_year = 'validation.required';
  if (!/^\d{3,4}$/.test(v.cvc.trim())) errors.cvc = v.cvc.trim() ? 'validation.card_cvc' : 'validation.required';
  return errors;
}

/**
 * The card inputs (cardholder, number, expiry month and year, CVC) of a payment form, for a
 * processor that takes them from the portal's page (the simulator; Stripe's own API takes them
 * from its Elements instead: NewCardFields chooses). `input(field)` gives each its form props
 * (the form may keep the card at a path of its own).
 */
export function CardFields({ input }: { input: (field: keyof CardValues) => GetInputPropsReturnType }) {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 16 }, (_, i) => String(thisYear + i));
  return (
    <>
      <TextInput label={t('shipment.payment.cardholder')} withAsterisk autoComplete="cc-name" {...input('cardholder')} />
      <TextInput
        label={t('shipment.payment.card_number')}
        withAsterisk
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        {...input('card_number')}
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 6, xs: 4 }}>
          <NativeSelect
            label={t('shipment.payment.exp_month')}
            withAsterisk
            autoComplete="cc-exp-month"
            data={[{ value: '', label: '—' }, ...MONTHS]}
            {...input('exp_month')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4 }}>
          <NativeSelect
            label={t('shipment.payment.exp_year')}
            withAsterisk
            autoComplete="cc-exp-year"
            data={[{ value: '', label: '—' }, ...years]}
            {...input('exp_year')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <TextInput
            label={t('shipment.payment.cvc')}
            aria-label={t('shipment.payment.cvc_long')}
            withAsterisk
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            {...input('cvc')}
          />
        </Grid.Col>
      </Grid>
    </>
  );
}
