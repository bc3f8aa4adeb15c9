import type { UseFormReturnType } from '@mantine/form';
import { useRef, useState } from 'react';
import type { PlacedErrors } from './bookingErrors';
import type { BookingValues } from './model';

/**
 * The booking's errors as shown: under the fields (with a word to check them above the Book
 * button), the others listed there; a failure of no field takes focus there, the fields in error
 * are focused by the submit's watch.
 */
export function useBookingErrors(form: UseFormReturnType<BookingValues>) {
  const [checkFields, setCheckFields] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const failureRef = useRef<HTMLDivElement>(null);

  const focusFailure = () => requestAnimationFrame(() => failureRef.current?.focus());

  const show = ({ fields, other }: PlacedErrors) => {
    form.setErrors(fields);
    setCheckFields(Object.keys(fields).length > 0);
    setOtherErrors(other);
    if (!Object.keys(fields).length) focusFailure();
  };

  const clearFields = () => {
    form.clearErrors();
    setCheckFields(false);
  };

  return { checkFields, otherErrors, failureRef, focusFailure, show, clearOther: () => setOtherErrors([]), clearFields };
}
