import { INCOTERMS } from '@freight/contracts';
import { CURRENCIES } from '@freight/domain';
import { Fieldset, Grid, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DutyEstimate } from '../../../../components/shipment/DutyEstimate';
import { useFormat } from '../../../../lib/useFormat';
import type { Quote, QuoteRate } from '../../api/quotesApi';
import { CustomsBrokerFields } from './CustomsBrokerFields';
import { CustomsItemFields } from './CustomsItemFields';
import { asksRfc, type CustomsValues, dutyEstimateRequest, ourBrokerCents } from './customsModel';
import { fieldId } from './formFields';
import type { BookingValues } from './model';
import { useHsSuggestions } from './useHsSuggestions';

/**
 * Customs, on a booking across the border: the incoterm, the currency of the values, each quoted
 * item's HS code, origin, value and USMCA claim, the broker on each side (ours or the shipper's
 * own) and, on a Mexican lane, the Mexican party's RFC; below the items, the duties and taxes
 * they would likely pay at the border.
 */
export function CustomsSection({
  form,
  quote,
  rate,
  customs,
}: {
  form: UseFormReturnType<BookingValues>;
  quote: Quote;
  rate: QuoteRate;
  customs: CustomsValues;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const input = (path: string) => ({ id: fieldId(path), ...form.getInputProps(path) });
  const fromMexico = quote.inputs.origin.country === 'MX';
  const suggestions = useHsSuggestions(form, quote);
  const itemLegend = (n: number) => {
    const item = quote.inputs.items?.[n];
    const what = item?.description || (item?.package_type ? t(`quotes.form.package_types.${item.package_type}`) : '');
    return t('quotes.booking.customs.item', { n: n + 1, what, count: item?.quantity ?? 1 });
  };
  return (
    <Fieldset legend={t('quotes.booking.customs.title')} id={fieldId('customs')} data-testid="booking-customs">
      <Stack gap="sm">
        <Text size="sm">
          {rate.crossing ? t('quotes.booking.customs.intro', { port: rate.crossing.port_name }) : t('quotes.booking.customs.intro_no_port')}
        </Text>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <NativeSelect
              label={t('quotes.booking.customs.incoterm')}
              description={t('quotes.booking.customs.incoterm_hint')}
              withAsterisk
              data={[
                { value: '', label: t('quotes.booking.customs.incoterm_choose') },
                ...INCOTERMS.map((v) => ({ value: v, label: t(`quotes.booking.customs.incoterms.${v}`) })),
              ]}
              {...input('customs.incoterm')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <NativeSelect
              label={t('quotes.booking.customs.currency')}
              data={CURRENCIES.map((c) => ({ value: c, label: c }))}
              {...input('customs.currency')}
            />
          </Grid.Col>
        </Grid>
        {form.errors['customs.items'] && (
          <Text size="sm" c="red.8" role="alert">
            {form.errors['customs.items']}
          </Text>
        )}
        {customs.items.map((_, n) => (
          <CustomsItemFields
            // biome-ignore lint/suspicious/noArrayIndexKey: the quote's items, fixed in number and order
            key={n}
            form={form}
            index={n}
            legend={itemLegend(n)}
            currency={customs.currency}
            suggestion={suggestions[n] ?? null}
            mexican={asksRfc(customs)}
          />
        ))}
        <DutyEstimate request={dutyEstimateRequest(quote, customs, form.values.delivery.state)} />
        {form.errors['customs.brokers'] && (
          <Text size="sm" c="red.8" role="alert">
            {form.errors['customs.brokers']}
          </Text>
        )}
        {customs.brokers.map((broker, n) => (
          <CustomsBrokerFields
            key={broker.country}
            form={form}
            index={n}
            broker={broker}
            ourCharge={fmt.money(ourBrokerCents(rate, broker.country) / 100, rate.currency)}
          />
        ))}
        {asksRfc(customs) && (
          <TextInput
            label={t('quotes.booking.customs.tax_id')}
            description={t(fromMexico ? 'quotes.booking.customs.tax_id_shipper' : 'quotes.booking.customs.tax_id_consignee')}
            withAsterisk
            maxLength={13}
            autoCapitalize="characters"
            {...input('customs.tax_id')}
          />
        )}
      </Stack>
    </Fieldset>
  );
}
