import type { BookingApproval, BookingRequestInput, ShipmentView } from '@freight/contracts';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { bookShipment, isHeld, newIdempotencyKey, SHIPMENTS_KEY } from '../../../../components/shipment/api';
import { isApiError } from '../../../../lib/api';
import { translateMessage } from '../../../../lib/forms';
import { placeChecked, placeServer } from './bookingErrors';
import { type BookingContext, checkBooking } from './checkBooking';
import { fieldOrder } from './formFields';
import { type BookingValues, formPath, toRequest } from './model';
import type { useBookingErrors } from './useBookingErrors';

interface BookOutcomes {
  onBooked: (shipment: ShipmentView) => void;
  onHeld?: (approval: BookingApproval) => void;
  onQuoteExpired?: () => void;
  onCreditHold: () => void;
}

/**
 * The Book button: the client checks, then the request sent once, with an Idempotency-Key kept
 * while the same content is retried; the answer's errors placed, or its outcome handed on.
 */
export function useBookShipment(
  form: UseFormReturnType<BookingValues>,
  context: BookingContext,
  errors: ReturnType<typeof useBookingErrors>,
  { onBooked, onHeld, onQuoteExpired, onCreditHold }: BookOutcomes,
) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { quote, rate, insurance, reefer } = context;
  const inFlight = useRef(false);
  const attempt = useRef<{ key: string; content: string } | null>(null);
  /** Field paths of the form: a 422 on one of them is shown under it, anything else above the Book button. */
  const formFields = new Set(fieldOrder(form.values.stops.length, form.values.references.length, form.values.customs));

  // A new quote (a re-rate) is a new attempt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the quote's id counts
  useEffect(() => {
    attempt.current = null;
  }, [quote.id]);

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
        errors.show(placeServer(e.errors, formFields, formPath, (m) => translateMessage(t, m), e.message));
        return;
      }
      if (e.code === 'credit_hold') onCreditHold();
      else if (e.code === 'quote_expired') onQuoteExpired?.();
      else errors.focusFailure();
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // One booking at a time: a second click while the first is on its way does nothing.
    if (inFlight.current) return;
    errors.clearOther();
    const v = form.getValues();
    const checked = checkBooking(t, v, context);
    if (Object.keys(checked).length > 0) {
      errors.show(placeChecked(checked, formFields));
      return;
    }
    errors.clearFields();
    const body = toRequest(v, quote, rate, insurance, reefer);
    const content = JSON.stringify(body);
    // The same content retried keeps its key (the server answers a repeat once); a change is a new attempt.
    if (attempt.current?.content !== content) attempt.current = { key: newIdempotencyKey(), content };
    inFlight.current = true;
    book.mutate({ body, key: attempt.current.key });
  };

  // A failure to book the quote before a re-rate (its rates expired) is not this quote's.
  const failure = book.variables?.body.quote_id === quote.id ? book.error : null;
  return { submit, pending: book.isPending, failure };
}
