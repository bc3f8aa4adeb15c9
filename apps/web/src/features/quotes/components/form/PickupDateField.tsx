import type { FirstPickupDate } from '@freight/contracts';
import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type JSX, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormValues, isoLocalDate, normalizePostalCode } from './model';
import { firstPickupDate } from './pickupDatesApi';

/** Postal codes are typed a character at a time: ask once the typing settles. */
const TYPING_SETTLES_MS = 400;

type Skipped = FirstPickupDate['skipped'][number];

/** 'YYYY-MM-DD' read as that calendar day (no time zone shifts it). */
const calendarDay = (iso: string) => new Date(`${iso}T12:00:00Z`);

/**
 * Why the nearer days are not offered, in the reader's words and date settings ("Thursday 26 is
 * Thanksgiving Day"). Weekends go without saying.
 */
export function skippedDaysText(proposal: FirstPickupDate, language: string, t: TFunction): string {
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  const dayNumber = new Intl.DateTimeFormat(language, { day: 'numeric', timeZone: 'UTC' });
  const [hours, minutes] = proposal.cutoff.split(':').map(Number);
  const cutoff = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, hours ?? 0, minutes ?? 0),
  );
  const line = (s: Skipped) => {
    const at = calendarDay(s.date);
    const name = weekday.format(at);
    // The day opens the sentence: 'jueves' is written 'Jueves' there.
    const day = { weekday: name.charAt(0).toLocaleUpperCase(language) + name.slice(1), day: dayNumber.format(at) };
    return s.reason === 'holiday'
      ? t('quotes.form.pickup_skipped.holiday', { ...day, holiday: s.holiday })
      : t('quotes.form.pickup_skipped.cutoff', { ...day, cutoff });
  };
  return proposal.skipped
    .filter((s) => s.reason !== 'weekend')
    .map(line)
    .join(' ');
}

export interface PickupDateFieldProps {
  form: UseFormReturnType<FormValues>;
  /** The date the form was opened with (a re-run, a carried quote): kept while it can still be quoted. */
  initialDate?: string;
  /** Puts the server's proposal in the field (not an edit of the user's). */
  onProposal: (date: string) => void;
}

/**
 * The pickup date: the first date the server's calendar can quote from the origin, following the
 * origin until the user types a date, with why nearer days are skipped ("Thursday 26 is
 * Thanksgiving Day"). The browser never guesses a date itself.
 */
export function PickupDateField({ form, initialDate, onProposal }: PickupDateFieldProps): JSX.Element {
  const { t, i18n } = useTranslation();
  const { country, postal_code } = form.getValues().origin;
  // A string, not an object: the debounce compares what it is given.
  const [postal] = useDebouncedValue(normalizePostalCode(postal_code), TYPING_SETTLES_MS);
  const proposal = useQuery({
    // Holiday names come in the reader's language.
    queryKey: ['pickup-dates', 'first', country, postal, i18n.language],
    queryFn: ({ signal }) => firstPickupDate({ country, postal_code: postal }, signal),
    // The answer moves at the cut-off: asked again after a minute.
    staleTime: 60_000,
  });
  const typed = useRef(false);
  const onProposalRef = useRef(onProposal);
  onProposalRef.current = onProposal;

  useEffect(() => {
    const answer = proposal.data;
    if (!answer || typed.current) return;
    const current = form.getValues().pickup_date;
    if (initialDate && current === initialDate && current >= answer.date) return;
    if (current !== answer.date) onProposalRef.current(answer.date);
  }, [proposal.data, initialDate, form]);

  const value = form.getValues().pickup_date;
  const skipped = proposal.data && value === proposal.data.date ? skippedDaysText(proposal.data, i18n.language, t) : '';
  const input = form.getInputProps('pickup_date');
  return (
    <TextInput
      type="date"
      label={t('quotes.form.pickup_date')}
      withAsterisk
      min={isoLocalDate(new Date())}
      description={skipped ? `${skipped} ${t('quotes.form.pickup_date_hint')}` : t('quotes.form.pickup_date_hint')}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...input}
      onChange={(event) => {
        typed.current = true;
        input.onChange(event);
      }}
    />
  );
}
