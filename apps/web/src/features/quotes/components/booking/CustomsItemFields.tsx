import type { HsSuggestion } from '@freight/contracts';
import { compactHsCode, ORIGIN_CRITERIA, SAT_UNITS } from '@freight/domain/customs';
import { Checkbox, Fieldset, Grid, NumberInput, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../../components/CountrySelect';
import { fieldId } from './formFields';
import type { BookingValues } from './model';

/**
 * One quoted item's customs facts: its HS code, where it was made, one unit's value, the USMCA
 * claim and its origin criterion, and on a Mexican lane the Carta Porte's SAT goods key and unit.
 */
export function CustomsItemFields({
  form,
  index,
  legend,
  currency,
  suggestion,
  mexican,
}: {
  form: UseFormReturnType<BookingValues>;
  index: number;
  /** The quoted item it declares, as the shipper knows it. */
  legend: string;
  currency: string;
  /** The HS code the catalogs know the item by, if any: the field says so while it holds it. */
  suggestion: HsSuggestion | null;
  /** The lane has an end in Mexico: the Carta Porte names the good. */
  mexican: boolean;
}) {
  const { t } = useTranslation();
  const path = (f: string) => `customs.items.${index}.${f}`;
  const input = (f: string) => ({ id: fieldId(path(f)), ...form.getInputProps(path(f)) });
  // The certification of origin names why each claimed good originates.
  const claimed = form.values.customs?.items[index]?.usmca === true;
  return (
    <Fieldset variant="filled" legend={legend} data-testid={`customs-item-${index}`}>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t('quotes.booking.customs.hs_code')}
            description={
              suggestion && compactHsCode(form.values.customs?.items[index]?.hs_code ?? '') === suggestion.hs_code
                ? t(`quotes.booking.customs.hs_from_${suggestion.source}`)
                : t('quotes.booking.customs.hs_code_hint')
            }
            withAsterisk
            inputMode="numeric"
            maxLength={14}
            {...input('hs_code')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <CountrySelect label={t('quotes.booking.customs.origin_country')} withAsterisk {...input('origin_country')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <NumberInput
            label={t('quotes.booking.customs.unit_value', { currency })}
            withAsterisk
            min={0}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator
            hideControls
            {...input('unit_value')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: claimed ? 8 : 12 }}>
          <Checkbox
            label={t('quotes.booking.customs.usmca')}
            description={t('quotes.booking.customs.usmca_hint')}
            id={fieldId(path('usmca'))}
            {...form.getInputProps(path('usmca'), { type: 'checkbox' })}
          />
        </Grid.Col>
        {claimed && (
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label={t('quotes.booking.customs.origin_criterion')}
              description={t('quotes.booking.customs.origin_criterion_hint')}
              withAsterisk
              allowDeselect={false}
              data={ORIGIN_CRITERIA.map((c) => ({ value: c, label: t(`quotes.booking.customs.criterion.${c}`) }))}
              {...input('origin_criterion')}
            />
          </Grid.Col>
        )}
        {mexican && (
          <>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label={t('quotes.booking.customs.sat_key')}
                description={
                  suggestion?.sat_key && form.values.customs?.items[index]?.sat_key === suggestion.sat_key
                    ? t('quotes.booking.customs.hs_from_product')
                    : t('quotes.booking.customs.sat_key_hint')
                }
                withAsterisk
                inputMode="numeric"
                maxLength={8}
                {...input('sat_key')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Select
                label={t('quotes.booking.customs.sat_unit')}
                withAsterisk
                allowDeselect={false}
                data={SAT_UNITS.map((u) => ({ value: u, label: t(`quotes.booking.customs.sat_units.${u}`) }))}
                {...input('sat_unit')}
              />
            </Grid.Col>
          </>
        )}
      </Grid>
    </Fieldset>
  );
}
