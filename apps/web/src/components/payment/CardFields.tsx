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

/** The typed card as the contracts' card: months and years as numbers (missing ones left out, so 'Field is required'). */
export function cardPayload(v: CardValues): Record<string, unknown> {
  return {
    cardholder: v.cardholder,
    card_number: v.card_number,
    ...(v.exp_month ? { exp_month: Number(v.exp_month) } : {}),
    ...(v.exp_year ? { exp_year: Number(v.exp_year) } : {}),
    cvc: v.cvc,
  };
}

/**
 * The card inputs (cardholder, number, expiry month and year, CVC) of a payment form;
 * `input(field)` gives each its form props (the form may keep the card at a path of its own).
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
