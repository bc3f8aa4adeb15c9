import {
  type AddressBookEntry,
  type BookingApproval,
  type BookingRequestInput,
  bookingRequest,
  isEbayOrderPrefill,
  type ShipmentView,
} from '@freight/contracts';
import { AWAITING_PAYMENT_MINUTES } from '@freight/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Grid,
  Group,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { bookShipment, isHeld, newIdempotencyKey, SHIPMENTS_KEY } from '../../../../components/shipment/api';
import { CreditHoldDialog } from '../../../../components/shipment/CreditHoldDialog';
import { isApiError } from '../../../../lib/api';
import { useAuthUser } from '../../../../lib/auth';
import { translateMessage, zodErrors } from '../../../../lib/forms';
import { paths } from '../../../../lib/paths';
import { can } from '../../../../lib/permissions';
import { useFormat } from '../../../../lib/useFormat';
import { equipmentTypesQuery } from '../../api/equipmentApi';
import type { Quote, QuoteInsuranceOption, QuoteRate } from '../../api/quotesApi';
import { BookingFailure } from './BookingFailure';
import { BookingStops } from './BookingStops';
import { DisclaimerDialog } from './DisclaimerDialog';
import {
  type BookingValues,
  changesRating,
  extraErrors,
  fieldId,
  fieldOrder,
  formPath,
  initialValues,
  type PickedPlaces,
  quoteHasAppointment,
  quoteHasResidentialOrLiftgate,
  todayIso,
  toRequest,
} from './model';
import { PlaceSection } from './PlaceSection';
import { RateSummary } from './RateSummary';
import { ReferencesField } from './ReferencesField';
import { ScheduleSection } from './ScheduleSection';
import { TemperatureSection } from './TemperatureSection';

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
 * lift-gate question, reference, notes, hazardous materials, the parcel carrier's pickup note,
 * consignee notifications and the disclaimer. Checked with the contract's bookingRequest (and the
 * rules the server adds) before it is sent once, with an Idempotency-Key kept while the same
 * content is retried. Everything typed stays after a failure.
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
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const qc = useQueryClient();
  const user = useAuthUser();
  const mayApplyForCredit = can(user, 'credit.apply');
  const form = useForm<BookingValues>({ initialValues: initialValues(quote, picked) });
  const values = form.values;
  const [disclaimerOpen, setDisclaimerOpen] = useState(false);
  const [creditHold, setCreditHold] = useState(false);
  const [checkFields, setCheckFields] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const failureRef = useRef<HTMLDivElement>(null);
  const inFlight = useRef(false);
  const attempt = useRef<{ key: string; content: string } | null>(null);
  const equipment = useQuery({ ...equipmentTypesQuery(i18n.language), enabled: quote.mode === 'truckload' });
  const reefer = equipment.data?.find((e) => e.code === quote.inputs.equipment_type)?.temperature_controlled === true;
  /** Field paths of the form: a 422 on one of them is shown under it, anything else above the Book button. */
  const FORM_FIELDS = new Set(fieldOrder(values.stops.length, values.references.length));

  // A re-rate (after going back to change the details) brings a new quote: its postal codes,
  // countries and pickup date replace the old ones; a place whose postal code changed is typed again.
  const quoteId = useRef(quote.id);
  useEffect(() => {
    if (quoteId.current === quote.id) return;
    quoteId.current = quote.id;
    const next = initialValues(quote, picked);
    const current = form.getValues();
    const place = (end: 'pickup' | 'delivery') => {
      const was = current[end];
      const fresh = next[end];
      const same = was.postal_code === fresh.postal_code && was.country === fresh.country;
      return same ? was : fresh;
    };
    form.setValues({
      pickup: place('pickup'),
      delivery: place('delivery'),
      // A stop kept where the re-rated quote has the same stop; a new or moved one is typed again.
      stops: next.stops.map((fresh, n) => {
        const was = current.stops[n];
        const same =
          was && was.kind === fresh.kind && was.place.postal_code === fresh.place.postal_code && was.place.country === fresh.place.country;
        return same ? was : fresh;
      }),
      pickup_date: next.pickup_date,
      hazardous: current.hazardous || next.hazardous,
      residential_or_liftgate: next.residential_or_liftgate,
      parcel: { ...current.parcel, signature: next.parcel.signature },
    });
    form.clearErrors();
    attempt.current = null;
  }, [quote, form, picked]);

  /** A failure of no field takes focus above the Book button; the fields in error are focused by the submit's watch. */
  const focusFailure = () => requestAnimationFrame(() => failureRef.current?.focus());

  const book = useMutation({
    mutationFn: ({ body, key }: { body: BookingRequestInput; key: string }) => bookShipment(body, key),
    onSuccess: ({ data }) => {
      attempt.current = null;
      void qc.invalidateQueries({ queryKey: SHIPMENTS_KEY });
      if (isHeld(data)) onHeld?.(data.approval);
      else onBooked(data);
    },
    onError: (e) => {
      if (!isApiError(e)) return;
      if (e.status === 422) {
        const fields: Record<string, string> = {};
        const other: string[] = [];
        for (const [wirePath, messages] of Object.entries(e.errors)) {
          const path = formPath(wirePath);
          const text = messages.map((m) => translateMessage(t, m)).join(' ');
          if (FORM_FIELDS.has(path)) fields[path] = text;
          else other.push(text);
        }
        if (Object.keys(fields).length === 0 && other.length === 0) other.push(e.message);
        form.setErrors(fields);
        setCheckFields(Object.keys(fields).length > 0);
        setOtherErrors(other);
        if (!Object.keys(fields).length) focusFailure();
        return;
      }
      if (e.code === 'credit_hold') setCreditHold(true);
      else if (e.code === 'quote_expired') onQuoteExpired?.();
      else focusFailure();
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const emailOptional = isEbayOrderPrefill(quote.booking_prefill);
  const check = (v: BookingValues): Record<string, string> => {
    const wire = zodErrors(bookingRequest, t, v, (x) => toRequest(x, quote, rate, insurance, reefer));
    const errors = Object.fromEntries(Object.entries(wire).map(([path, text]) => [formPath(path), text]));
    // An empty field says 'Field is required', not also how a filled one should look.
    const required = t('validation.required');
    for (const [path, text] of Object.entries(errors)) if (text.startsWith(`${required} · `)) errors[path] = required;
    // eBay gives no buyer email: only an eBay order's quote books without one, unless the consignee is to be mailed.
    if (!v.delivery.email.trim() && (v.notify_consignee || !emailOptional)) errors['delivery.email'] = required;
    for (const [path, key] of Object.entries(extraErrors(v, quote, rate, todayIso(), reefer))) {
      const text = translateMessage(t, key);
      errors[path] = errors[path] && errors[path] !== text ? `${errors[path]} · ${text}` : text;
    }
    return errors;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // One booking at a time: a second click while the first is on its way does nothing.
    if (inFlight.current) return;
    setOtherErrors([]);
    const v = form.getValues();
    const errors = check(v);
    if (Object.keys(errors).length > 0) {
      // What has no field here (the quote or rate ids) is said above the Book button.
      const fields = Object.fromEntries(Object.entries(errors).filter(([k]) => FORM_FIELDS.has(k)));
      form.setErrors(fields);
      setCheckFields(Object.keys(fields).length > 0);
      setOtherErrors(Object.values(errors).filter((_, i) => !FORM_FIELDS.has(Object.keys(errors)[i] ?? '')));
      if (!Object.keys(fields).length) focusFailure();
      return;
    }
    form.clearErrors();
    setCheckFields(false);
    const body = toRequest(v, quote, rate, insurance, reefer);
    const content = JSON.stringify(body);
    // The same content retried keeps its key (the server answers a repeat once); a change is a new attempt.
    if (attempt.current?.content !== content) attempt.current = { key: newIdempotencyKey(), content };
    inFlight.current = true;
    book.mutate({ body, key: attempt.current.key });
  };

  const input = (path: string) => ({ id: fieldId(path), ...form.getInputProps(path) });
  const freight = quote.mode !== 'parcel';
  const needsAppointmentRerate = freight && values.delivery_appointment && !quoteHasAppointment(quote);
  const needsResidentialRerate = freight && values.residential_or_liftgate === 'yes' && !quoteHasResidentialOrLiftgate(quote);
  // A failure to book the quote before a re-rate (its rates expired) is not this quote's.
  const failure = book.variables?.body.quote_id === quote.id ? book.error : null;
  const error = isApiError(failure) ? failure : null;
  const currency = quote.currency;

  return (
    <form onSubmit={submit} noValidate aria-label={t('quotes.booking.form_label')}>
      <Stack gap="md">
        {user?.account?.status === 'credit_hold' && (
          <Alert color="red" variant="light">
            <Group gap="sm" justify="space-between">
              <Text size="sm">{t('quotes.booking.credit_hold_notice')}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => setCreditHold(true)}>
                {t('quotes.booking.credit_hold_more')}
              </Button>
            </Group>
          </Alert>
        )}

        <RateSummary rate={rate} insurance={insurance} onChangeRate={onChangeRate} />

        <Paper withBorder p="md">
          <Group gap="md" align="baseline" wrap="wrap">
            <Text size="sm" fw={500} id="booking-value-label">
              {t('quotes.booking.value.label')}
            </Text>
            <Text size="sm" fw={700} aria-labelledby="booking-value-label" data-testid="booking-value">
              {fmt.money(Number(quote.inputs.insured_value ?? 0), currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('quotes.booking.value.note')}
            </Text>
          </Group>
        </Paper>

        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {(['origin', 'destination'] as const).map((end) => (
            <PlaceSection
              key={end}
              form={form}
              end={end === 'origin' ? 'pickup' : 'delivery'}
              onRequote={onRequote}
              emailOptional={end === 'destination' && emailOptional}
              rerate={
                onPlaceRerate && { changes: (entry) => changesRating(quote, end, entry), rerate: (entry) => onPlaceRerate(end, entry) }
              }
            />
          ))}
        </SimpleGrid>
        <BookingStops form={form} onRequote={onRequote} />

        <ScheduleSection
          form={form}
          quote={quote}
          rate={rate}
          needsAppointmentRerate={needsAppointmentRerate}
          needsResidentialRerate={needsResidentialRerate}
          onRequote={onRequote}
        />
        {reefer && <TemperatureSection form={form} unit={quote.inputs.unit_system === 'metric' ? 'metric' : 'imperial'} />}

        <Fieldset legend={t('quotes.booking.details.title')}>
          <Stack gap="sm">
            <ReferencesField form={form} />
            <Textarea
              label={t('quotes.booking.details.notes')}
              description={t('quotes.booking.details.notes_hint')}
              rows={3}
              resize="vertical"
              maxLength={1000}
              {...input('notes')}
            />
            <Checkbox
              label={t('quotes.booking.details.hazardous')}
              description={t('quotes.booking.details.hazardous_hint')}
              id={fieldId('hazardous')}
              {...form.getInputProps('hazardous', { type: 'checkbox' })}
            />
            {values.hazardous && (
              <Paper withBorder p="sm" bg="red.0" component="section" aria-label={t('shipment.hazmat.title')}>
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, sm: 8 }}>
                    <TextInput label={t('shipment.hazmat.proper_name')} withAsterisk maxLength={200} {...input('hazmat.proper_name')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 4 }}>
                    <TextInput label={t('shipment.hazmat.hazard_class')} withAsterisk maxLength={16} {...input('hazmat.hazard_class')} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, sm: 4 }}>
                    <TextInput
                      label={t('shipment.hazmat.un_number')}
                      withAsterisk
                      placeholder="UN1993"
                      maxLength={8}
                      {...input('hazmat.un_number')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }}>
                    <NativeSelect
                      label={t('shipment.hazmat.packing_group')}
                      data={[
                        { value: '', label: t('quotes.booking.details.packing_group_none') },
                        { value: 'I', label: 'I' },
                        { value: 'II', label: 'II' },
                        { value: 'III', label: 'III' },
                      ]}
                      {...input('hazmat.packing_group')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 4 }} />
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={t('shipment.hazmat.emergency_contact')}
                      withAsterisk
                      maxLength={120}
                      {...input('hazmat.emergency_contact')}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <TextInput
                      label={t('shipment.hazmat.emergency_phone')}
                      withAsterisk
                      type="tel"
                      maxLength={24}
                      {...input('hazmat.emergency_phone')}
                    />
                  </Grid.Col>
                </Grid>
              </Paper>
            )}
            <Checkbox
              label={t('quotes.booking.details.notify_consignee')}
              {...form.getInputProps('notify_consignee', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>

        <Checkbox
          id={fieldId('disclaimer_accepted')}
          label={
            <>
              {t('quotes.booking.disclaimer.accept')}{' '}
              <Anchor
                component="button"
                type="button"
                fz="sm"
                onClick={(e) => {
                  e.preventDefault();
                  setDisclaimerOpen(true);
                }}
              >
                {t('quotes.booking.disclaimer.link')}
              </Anchor>
            </>
          }
          {...form.getInputProps('disclaimer_accepted', { type: 'checkbox' })}
        />

        <div ref={failureRef} tabIndex={-1} style={{ outline: 'none' }}>
          <Stack gap="sm">
            {/* Mantine clears a field's error as it is edited: the alert goes once all are fixed. */}
            {checkFields && Object.keys(form.errors).length > 0 && (
              <Alert color="red" role="alert">
                {t('quotes.booking.check_fields')}
              </Alert>
            )}
            {otherErrors.length > 0 && (
              <Alert color="red" role="alert" title={t('quotes.booking.other_errors')}>
                <List size="sm">
                  {otherErrors.map((m) => (
                    <List.Item key={m}>{m}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {error && error.status !== 422 && <BookingFailure error={error} onChangeRate={onChangeRate} />}
            {failure && !error && <ErrorAlert error={failure} title={t('quotes.booking.failed_title')} />}
          </Stack>
        </div>

        {/* Said before the click, not after: a prepaid booking is only held until it is paid. */}
        {user?.account?.payment_terms === 'prepaid' && (
          <Alert color="blue" variant="light" role="note" data-testid="prepaid-notice" title={t('quotes.booking.prepaid.title')}>
            {t('quotes.booking.prepaid.body', { minutes: AWAITING_PAYMENT_MINUTES })}{' '}
            {/* Where a shipper paying by card looks for another way to pay: credit terms, applied for
                by whoever's role may; anyone else is told whom to ask, never led to a refusal. */}
            {mayApplyForCredit ? (
              <Anchor component={Link} to={paths.creditSettings} inherit>
                {t('quotes.booking.prepaid.apply')}
              </Anchor>
            ) : (
              t('quotes.booking.prepaid.ask_admin')
            )}
          </Alert>
        )}

        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={onChangeRate} disabled={book.isPending}>
            {t('quotes.booking.rate.change')}
          </Button>
          <Button type="submit" size="md" loading={book.isPending} data-testid="book-submit">
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
