import { PARCEL_HANDOFFS, PARCEL_SIGNATURES, parcelPickupNote } from '@freight/contracts';
import { Group, NativeSelect, Radio, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Quote, QuoteRate } from '../../api/quotesApi';
import { fieldId } from './formFields';
import { type BookingValues, quotedFacts, quotedSignature } from './model';
import { RerateAlert } from './RerateAlert';

/** How the parcel carrier gets the packages: picked up (the window is asked) or dropped off; said the carrier's way. */
export function ParcelHandoff({ form, rate }: { form: UseFormReturnType<BookingValues>; rate: QuoteRate }) {
  const { t } = useTranslation();
  const handoff = form.values.parcel.handoff;
  return (
    <>
      <Radio.Group
        label={t('quotes.booking.parcel.handoff', { carrier: rate.carrier_name })}
        withAsterisk
        {...form.getInputProps('parcel.handoff')}
      >
        <Group gap="lg" mt={6}>
          {PARCEL_HANDOFFS.map((h, i) => (
            <Radio
              key={h}
              id={i === 0 ? fieldId('parcel.handoff') : undefined}
              value={h}
              label={t(`quotes.booking.parcel.handoffs.${h}`, { carrier: rate.carrier_name })}
            />
          ))}
        </Group>
      </Radio.Group>
      <Text size="xs" c="dimmed" data-testid="pickup-note">
        {t(`shipment.pickup_notes.${parcelPickupNote(handoff, rate)}`)}
      </Text>
    </>
  );
}

/**
 * The parcel's delivery: the signature option (the one the rates priced; another needs a re-rate)
 * and whether it is residential (the quote's delivery site type).
 */
export function ParcelDelivery({
  form,
  quote,
  onRequote,
}: {
  form: UseFormReturnType<BookingValues>;
  quote: Quote;
  onRequote: () => void;
}) {
  const { t } = useTranslation();
  const signature = form.values.parcel.signature;
  const residential = quotedFacts(quote, false).residential;
  return (
    <>
      <NativeSelect
        label={t('quotes.booking.parcel.signature')}
        description={t('quotes.booking.parcel.signature_hint')}
        data={PARCEL_SIGNATURES.map((s) => ({ value: s, label: t(`shipment.parcel.signatures.${s}`) }))}
        id={fieldId('parcel.signature')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...form.getInputProps('parcel.signature')}
      />
      {signature !== quotedSignature(quote) && (
        <RerateAlert testId="signature-rerate" message={t('validation.requote_signature')} onRequote={onRequote} />
      )}
      <Text size="sm" data-testid="parcel-residential">
        {t(residential ? 'quotes.booking.parcel.residential_yes' : 'quotes.booking.parcel.residential_no')}
      </Text>
    </>
  );
}
