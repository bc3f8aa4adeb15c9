import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { Quote } from '../../api/quotesApi';
import { type BookingValues, initialValues, type PickedPlaces } from './model';
import { keptOnRerate } from './rerate';

/**
 * A re-rate (after going back to change the details) brings a new quote: the form takes what it
 * changes and keeps the rest of what was typed.
 */
export function useRerateReload(form: UseFormReturnType<BookingValues>, quote: Quote, picked: PickedPlaces) {
  const quoteId = useRef(quote.id);
  useEffect(() => {
    if (quoteId.current === quote.id) return;
    quoteId.current = quote.id;
    form.setValues(keptOnRerate(form.getValues(), initialValues(quote, picked)));
    form.clearErrors();
  }, [quote, form, picked]);
}
