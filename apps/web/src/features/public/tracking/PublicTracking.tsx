import type { PublicTrackingView } from '@freight/contracts';
import { Alert, Button, Card, Group, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { deliveryWindowFact } from '../../../components/tracking/deliveryWindow';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { RouteLine } from '../../../components/tracking/parts';
import { ShipmentFacts } from '../../../components/tracking/ShipmentFacts';
import { StatusBadge } from '../../../components/tracking/StatusBadge';
import { TrackingTimeline } from '../../../components/tracking/TrackingTimeline';
import { isApiError } from '../../../lib/api';
import { useLocationSearch } from '../../../lib/locationSearch';
import { useFormat } from '../../../lib/useFormat';
import { type Lookup, useLookup } from '../../../lib/useLookup';
import { getPublicTracking } from './api';

const MAX_NUMBER = 64;

// Loaded when needed, words and all: a shipment that can still get alerts, or a link from a consignee's mail.
const alertsChunk = () => import('./ShipmentAlerts').then((m) => m.loadAlertsWords().then(() => m));
const ShipmentAlertsForm = lazy(() => alertsChunk().then((m) => ({ default: m.ShipmentAlertsForm })));
const AlertLink = lazy(() => alertsChunk().then((m) => ({ default: m.AlertLink })));

/**
 * The public tracking page (no login): a BOL, PRO or tracking number in `?number=` is looked up and
 * shows the status, carrier, route, dates and the tracking history; nothing else (no prices,
 * contacts or streets).
 */
export function PublicTracking() {
  const { t } = useTranslation();
  const [params, setParams] = useLocationSearch();
  const number = (params.get('number') ?? '').trim().slice(0, MAX_NUMBER);
  const [typed, setTyped] = useState(number);
  const [error, setError] = useState<string | null>(null);
  // The box follows the URL when it changes by itself (back/forward).
  const [lastNumber, setLastNumber] = useState(number);
  if (number !== lastNumber) {
    setLastNumber(number);
    setTyped(number);
  }

  const query = useLookup(number === '' ? null : number, getPublicTracking);
  const confirmToken = params.get('alerts_confirm');
  const unsubscribeToken = params.get('alerts_unsubscribe');
  const link = confirmToken
    ? ({ kind: 'confirm', token: confirmToken } as const)
    : unsubscribeToken
      ? ({ kind: 'unsubscribe', token: unsubscribeToken } as const)
      : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = typed.trim();
    if (!value) {
      setError(t('public_tracking.number_required'));
      return;
    }
    setError(null);
    if (value === number) query.refetch();
    else setParams({ number: value });
  };

  return (
    <Stack gap="lg">
      {link && number !== '' && (
        <Suspense fallback={null}>
          <AlertLink key={`${link.kind}:${link.token}`} kind={link.kind} token={link.token} number={number} />
        </Suspense>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" align="stretch">
          <TextInput
            // Named as in the page's URL: sent before the script has taken the page over, the
            // browser's own submit asks for /track-shipment?number=<it>, the same answer.
            name="number"
            label={t('public_tracking.number')}
            description={t('public_tracking.number_hint')}
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={MAX_NUMBER}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            size="md"
          />
          <Group>
            <Button type="submit" size="md" loading={query.isFetching} w={{ base: '100%', xs: 'auto' }}>
              {t('public_tracking.submit')}
            </Button>
          </Group>
        </Stack>
      </form>

      {number !== '' && <Result number={number} query={query} />}
    </Stack>
  );
}

function Result({ number, query }: { number: string; query: Pick<Lookup<PublicTrackingView>, 'data' | 'error' | 'isPending'> }) {
  const { t } = useTranslation();
  if (query.error) {
    const e = query.error;
    if (isApiError(e) && e.status === 404)
      return (
        <Alert color="yellow" role="alert" title={t('public_tracking.not_found_title', { number })}>
          {t('public_tracking.not_found')}
        </Alert>
      );
    if (isApiError(e) && e.status === 429)
      return (
        <Alert color="orange" role="alert">
          {e.retryAfter !== null ? t('public_tracking.too_many', { count: e.retryAfter }) : t('public_tracking.too_many_later')}
        </Alert>
      );
    return <ErrorAlert error={e} />;
  }
  if (query.isPending || !query.data)
    return (
      <Stack gap="md" role="progressbar" aria-busy="true" aria-label={t('public_tracking.loading')}>
        <Skeleton height={120} radius="md" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  return <Shipment view={query.data} />;
}

function Shipment({ view: v }: { view: PublicTrackingView }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const date = (d: string | null) => formatLocalDate(d, i18n.language);
  const arrival = v.delivered_at
    ? { label: t('public_tracking.delivered_at'), value: fmt.dateTime(v.delivered_at) }
    : v.status === 'canceled'
      ? null
      : {
          label: t('public_tracking.estimated_delivery'),
          value: v.estimated_delivery ? date(v.estimated_delivery) : t('public_tracking.not_estimated'),
        };
  const expected = deliveryWindowFact(t, date, v.delivery_window);
  const facts = [
    { label: t('public_tracking.carrier'), value: v.carrier_name },
    { label: t('public_tracking.pickup_date'), value: date(v.pickup_date) },
    ...(arrival ? [arrival] : []),
    ...(expected ? [expected] : []),
  ];
  return (
    <Stack gap="md" component="section" aria-labelledby="public-tracking-result">
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Group justify="space-between" align="center" gap="xs">
            <Title order={2} size="h4" id="public-tracking-result" style={{ overflowWrap: 'anywhere' }}>
              {t('public_tracking.result_title', { number: v.number })}
            </Title>
            <StatusBadge status={v.status} size="lg" />
          </Group>
          <RouteLine origin={v.origin} destination={v.destination} size="lg" fw={600} />
          <ShipmentFacts facts={facts} cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs" m={0} mt="xs" />
        </Stack>
      </Card>
      {v.status !== 'delivered' && v.status !== 'canceled' && (
        <Suspense fallback={null}>
          <ShipmentAlertsForm key={v.number} number={v.number} />
        </Suspense>
      )}
      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h4" mb="md">
          {t('public_tracking.history')}
        </Title>
        <TrackingTimeline events={v.events} />
      </Card>
    </Stack>
  );
}
