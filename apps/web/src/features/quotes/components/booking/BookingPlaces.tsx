import { type AddressBookEntry, isEbayOrderPrefill } from '@freight/contracts';
import { SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Quote } from '../../api/quotesApi';
import { BookingStops } from './BookingStops';
import { type BookingValues, changesRating } from './model';
import { PlaceSection } from './PlaceSection';

export interface BookingPlacesProps {
  form: UseFormReturnType<BookingValues>;
  quote: Quote;
  onRequote: () => void;
  /** An entry picked here changes what the rates were based on: re-rate with it. */
  onPlaceRerate?: (end: 'origin' | 'destination', entry: AddressBookEntry) => void;
}

/** Pickup and delivery side by side, then the truckload's extra stops. */
export function BookingPlaces({ form, quote, onRequote, onPlaceRerate }: BookingPlacesProps) {
  const emailOptional = isEbayOrderPrefill(quote.booking_prefill);
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {(['origin', 'destination'] as const).map((end) => (
          <PlaceSection
            key={end}
            form={form}
            end={end === 'origin' ? 'pickup' : 'delivery'}
            onRequote={onRequote}
            emailOptional={end === 'destination' && emailOptional}
            rerate={onPlaceRerate && { changes: (entry) => changesRating(quote, end, entry), rerate: (entry) => onPlaceRerate(end, entry) }}
          />
        ))}
      </SimpleGrid>
      <BookingStops form={form} onRequote={onRequote} />
    </>
  );
}
