import type { AlertDetails, AlertKind } from '@freight/contracts';
import { Anchor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { useFormat } from '../../../lib/useFormat';

/** The receipt's exceptions in words ('damage, shortage'); a kind the catalog does not know is shown as sent. */
export function exceptionList(t: TFunction, exceptions: readonly string[] | undefined): string {
  return (exceptions ?? []).map((e) => t(`alerts.receipt_exceptions.${e}`, { defaultValue: e.replace(/_/g, ' ') })).join(', ');
}

/** Which sentence of a kind fits what the rule saw: the full one when its facts are there, a plainer one otherwise. */
function sentenceKey(kind: AlertKind, d: AlertDetails): string {
  switch (kind) {
    case 'no_pickup':
      return d.pickup_window_end ? 'no_pickup' : 'no_pickup_plain';
    case 'stalled':
      return d.last_event_at ? 'stalled' : 'stalled_plain';
    case 'window_slipping':
      if (!d.promised_on) return 'window_slipping_plain';
      return d.expected_on ? 'window_slipping' : 'window_slipping_no_estimate';
    case 'delivered_with_exceptions':
      return d.exceptions?.length ? 'delivered_with_exceptions' : 'delivered_with_exceptions_plain';
    case 'action_required':
      return 'action_required';
  }
}

/**
 * An alert in plain words, its shipment number a link to the shipment's tracking page:
 * "Shipment FP00012345 has had no tracking update since Nov 26, 2026, 9:05 AM."
 */
export function AlertSentence({ kind, details, number, to }: { kind: AlertKind; details: AlertDetails; number: string; to: string }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const values = {
    number,
    time: fmt.dateTime(details.pickup_window_end ?? details.last_event_at),
    promised: formatLocalDate(details.promised_on, i18n.language),
    expected: formatLocalDate(details.expected_on, i18n.language),
    exceptions: exceptionList(t, details.exceptions),
  };
  return (
    <Trans
      i18nKey={`alerts.sentences.${sentenceKey(kind, details)}`}
      values={values}
      components={{ num: <Anchor component={Link} to={to} fw={600} inherit /> }}
    />
  );
}

/** What the rule saw, in a few words, for the staff queue's kind column ("Promised Nov 25, 2026"); null when it saw nothing to say. */
export function useAlertDetail() {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  return (kind: AlertKind, d: AlertDetails): string | null => {
    switch (kind) {
      case 'no_pickup':
        return d.pickup_window_end ? t('alerts.details.no_pickup', { time: fmt.dateTime(d.pickup_window_end) }) : null;
      case 'stalled':
        return d.last_event_at ? t('alerts.details.stalled', { time: fmt.dateTime(d.last_event_at) }) : null;
      case 'window_slipping': {
        if (!d.promised_on) return null;
        const promised = formatLocalDate(d.promised_on, i18n.language);
        return d.expected_on
          ? t('alerts.details.window_slipping', { promised, expected: formatLocalDate(d.expected_on, i18n.language) })
          : t('alerts.details.window_slipping_no_estimate', { promised });
      }
      case 'delivered_with_exceptions':
        return d.exceptions?.length ? t('alerts.details.delivered_with_exceptions', { exceptions: exceptionList(t, d.exceptions) }) : null;
      case 'action_required':
        return d.message ? t('alerts.details.action_required', { message: d.message }) : null;
    }
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long ago `from` was, in the unit a person would use: minutes under an hour, hours under two days, then days. */
export function ageOf(from: string, now: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const ms = Math.max(0, now - new Date(from).getTime());
  if (ms < HOUR) return { unit: 'minutes', count: Math.floor(ms / MINUTE) };
  if (ms < 48 * HOUR) return { unit: 'hours', count: Math.floor(ms / HOUR) };
  return { unit: 'days', count: Math.floor(ms / (24 * HOUR)) };
}

/** "3 hours", "2 days": how long an alert has waited. */
export function ageWords(t: TFunction, from: string, now: number): string {
  const { unit, count } = ageOf(from, now);
  return t(`alerts.age.${unit}`, { count });
}
