import { Alert, Anchor } from '@mantine/core';
import { Trans } from 'react-i18next';
import { useFormat } from '../../lib/useFormat';
import { useSupportHours } from './supportHours';

/** Outside staff hours: when an answer can be expected, and the support phone. */
export function OutOfHoursNotice() {
  const hours = useSupportHours();
  const f = useFormat();
  if (!hours.data || hours.data.open_now) return null;
  const { next_open_at, phone, phone_tel } = hours.data;
  return (
    <Alert color="yellow" variant="light" data-testid="out-of-hours">
      <Trans
        i18nKey="support.out_of_hours"
        values={{ when: f.dateTime(next_open_at), phone }}
        components={{ b: <b />, phone: <Anchor href={`tel:${phone_tel}`} size="sm" /> }}
      />
    </Alert>
  );
}
