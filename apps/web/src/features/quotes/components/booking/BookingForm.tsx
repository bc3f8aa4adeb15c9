import type { AddressBookEntry, BookingApproval, ShipmentView } from '@freight/contracts';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreditHoldDialog } from '../../../../components/shipment/CreditHoldDialog';
import type { Quote, QuoteInsuranceOption, QuoteRate } from '../../api/quotesApi';
import { BookingDetails } from './BookingDetails';
import { CreditHoldNotice, PrepaidNotice } from './BookingNotices';
import { BookingPlaces } from './BookingPlaces';
import { BookingProblems } from './BookingProblems';
import { BookingValue } from './BookingValue';
import { CustomsSection } from './CustomsSection';
import { ownBrokersSaving } from './customsModel';
import { DisclaimerDialog } from './DisclaimerDialog';
import { DisclaimerField } from './DisclaimerField';
import { type BookingValues, initialValues, type PickedPlaces, quoteHasAppointment, quoteHasResidentialOrLiftgate } from './model';
import { RateSummary } from './RateSummary';
import { ScheduleSection } from './ScheduleSection';
import { TemperatureSection } from './TemperatureSection';
import { useBookingErrors } from './useBookingErrors';
import { useBookShipment } from './useBookShipment';
import { useReefer } from './useReefer';
import { useRerateReload } from './useRerateReload';

export interface BookingFormProps {
  quote: Quote;
  rate: QuoteRate;
  insurance: QuoteInsuranceOption | null;
  /** Back to the rate results. */
  onChangeRate: () => void;
  /** Back to the shipment details (a change that needs a re-rate). */
  onRequote: () => void;
  /** 201: the booked shipment. */
  onBooked: (shipment: ShipmentView) => void;
  /** 202: the booking waits for an account admin's approval. */
  onHeld?: (approval: BookingApproval) => void;
  /** Address book entries picked for the ends in the quote form: the places start from them. */
  picked?: PickedPlaces;
  /** An entry picked here changes what the rates were based on (postal code, site type, lift-gate): re-rate with it. */
  onPlaceRerate?: (end: 'origin' | 'destination', entry: AddressBookEntry) => void;
  /** The quote's rates expired (409 quote_expired): rate it again for today. */
  onQuoteExpired?: () => void;
}

/**
 * Book Shipment: the chosen rate, pickup and delivery information, the pickup
 * date and times, the delivery (first come, first serve or an appointment), the residential /
 * lift-gate question, customs across a border, reference, notes, hazardous materials, the parcel
 * carrier's pickup note, consignee notifications and the disclaimer. Checked with the contract's
 * bookingRequest (and the rules the server adds) before it is sent once, with an Idempotency-Key
 * kept while the same content is retried. Everything typed stays after a failure.
 */
export function BookingForm({
  quote,
  rate,
  insurance,
  onChangeRate,
  onRequote,
  onBooked,
  onHeld,
  picked = {},
  onPlaceRerate,
  onQuoteExpired,
}: BookingFormProps) {
  const { t } = useTranslation();
  const form = useForm<BookingValues>({ initialValues: initialValues(quote, picked) });
  const values = form.values;
  const [disclaimerOpen, setDisclaimerOpen] = useState(false);
  const [creditHold, setCreditHold] = useState(false);
  const reefer = useReefer(quote);
  useRerateReload(form, quote, picked);
  const errors = useBookingErrors(form);
  const book = useBookShipment(form, { quote, rate, insurance, reefer }, errors, {
    onBooked,
    onHeld,
    onQuoteExpired,
    onCreditHold: () => setCreditHold(true),
  });

  const freight = quote.mode !== 'parcel';
  const needsAppointmentRerate = freight && values.delivery_appointment && !quoteHasAppointment(quote);
  const needsResidentialRerate = freight && values.residential_or_liftgate === 'yes' && !quoteHasResidentialOrLiftgate(quote);

  return (
    <form onSubmit={book.submit} noValidate aria-label={t('quotes.booking.form_label')}>
      <Stack gap="md">
        <CreditHoldNotice onMore={() => setCreditHold(true)} />
        <RateSummary rate={rate} insurance={insurance} less={ownBrokersSaving(values.customs, rate)} onChangeRate={onChangeRate} />
        <BookingValue quote={quote} />

        <BookingPlaces form={form} quote={quote} onRequote={onRequote} onPlaceRerate={onPlaceRerate} />

        <ScheduleSection
          form={form}
          quote={quote}
          rate={rate}
          needsAppointmentRerate={needsAppointmentRerate}
          needsResidentialRerate={needsResidentialRerate}
          onRequote={onRequote}
        />
        {values.customs && <CustomsSection form={form} quote={quote} rate={rate} customs={values.customs} />}
        {reefer && <TemperatureSection form={form} unit={quote.inputs.unit_system === 'metric' ? 'metric' : 'imperial'} />}
        <BookingDetails form={form} />
        <DisclaimerField form={form} onRead={() => setDisclaimerOpen(true)} />

        <BookingProblems
          ref={errors.failureRef}
          // Mantine clears a field's error as it is edited: the word goes once all are fixed.
          checkFields={errors.checkFields && Object.keys(form.errors).length > 0}
          otherErrors={errors.otherErrors}
          failure={book.failure}
          onChangeRate={onChangeRate}
        />
        <PrepaidNotice />

        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={onChangeRate} disabled={book.pending}>
            {t('quotes.booking.rate.change')}
          </Button>
          <Button type="submit" size="md" loading={book.pending} data-testid="book-submit">
            {t('quotes.booking.submit')}
          </Button>
        </Group>
      </Stack>

      <DisclaimerDialog
        opened={disclaimerOpen}
        onClose={() => setDisclaimerOpen(false)}
        onAccept={() => {
          form.setFieldValue('disclaimer_accepted', true);
          setDisclaimerOpen(false);
        }}
      />
      <CreditHoldDialog opened={creditHold} onClose={() => setCreditHold(false)} />
    </form>
  );
}
