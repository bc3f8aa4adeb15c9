import { Alert, List, Stack } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { isApiError } from '../../../../lib/api';
import { BookingFailure } from './BookingFailure';

export interface BookingProblemsProps {
  /** Fields are in error since the last Book: a word to check them. */
  checkFields: boolean;
  /** Errors of no field here. */
  otherErrors: readonly string[];
  /** The booking's failure, if it is this quote's. */
  failure: Error | null;
  onChangeRate: () => void;
  /** A failure of no field takes focus here. */
  ref?: Ref<HTMLDivElement>;
}

/** What stopped the booking, above the Book button: fields to check, errors of no field, the server's refusal. */
export function BookingProblems({ checkFields, otherErrors, failure, onChangeRate, ref }: BookingProblemsProps) {
  const { t } = useTranslation();
  const error = isApiError(failure) ? failure : null;
  return (
    <div ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      <Stack gap="sm">
        {checkFields && (
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
  );
}
