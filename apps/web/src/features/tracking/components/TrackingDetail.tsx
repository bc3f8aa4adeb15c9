import type { ShipmentView } from '@freight/contracts';
import { isCustomsHold } from '@freight/domain';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ProofOfDelivery } from '../../../components/proof-of-delivery/ProofOfDelivery';
import { PaymentPanel, ShipmentSummary } from '../../../components/shipment';
import { fetchShipment, SHIPMENTS_KEY, shipmentKey } from '../../../components/tracking/api';
import { deliveryWindowFact } from '../../../components/tracking/deliveryWindow';
import { eventText } from '../../../components/tracking/eventText';
import { formatLocalDate, placeName } from '../../../components/tracking/localTime';
import { PaymentBadge, RouteLine } from '../../../components/tracking/parts';
import { ShareTrackingLink } from '../../../components/tracking/ShareTrackingLink';
import { type ShipmentFact, ShipmentFacts } from '../../../components/tracking/ShipmentFacts';
import { StatusBadge } from '../../../components/tracking/StatusBadge';
import { newestFirst, TrackingTimeline } from '../../../components/tracking/TrackingTimeline';
import { isCancelable, useShipmentDialogs } from '../../../components/tracking/useShipmentDialogs';
import { isApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useSupportTopic } from '../../../lib/support';
import { useFormat } from '../../../lib/useFormat';
import { FileClaimLink } from '../../claims';
import { ShipmentWatchers } from './ShipmentWatchers';

/**
 * A shipment's tracking detail: the header (BOL, status, the Action Required flag explained,
 * carrier, route, dates), the actions (cancel before pickup, reship, return ship, share the public
 * link), the tracking history newest first, who watches it, and the shipment's summary.
 */
export function TrackingDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: shipmentKey(id), queryFn: ({ signal }) => fetchShipment(id, signal) });
  // The chat opened from here is about this shipment.
  useSupportTopic(query.data ? { reference: query.data.bol_number, category: 'shipping' } : null);

  if (isApiError(query.error) && query.error.status === 404 && !query.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t('tracking.detail.not_found_title')}
        </Title>
        <Text>{t('tracking.detail.not_found')}</Text>
        <Group gap="md">
          <Anchor component={Link} to={paths.track}>
            {t('tracking.detail.back_to_tracking')}
          </Anchor>
          <Anchor component={Link} to={paths.myShipments}>
            {t('tracking.detail.back_to_history')}
          </Anchor>
        </Group>
      </Stack>
    );
  }
  if (query.error && !query.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <ErrorAlert error={query.error} />
        <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('tracking_ui.retry')}
        </Button>
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Stack gap="md" role="progressbar" aria-busy="true" aria-label={t('tracking.detail.loading')}>
        <Skeleton height={140} radius="md" />
        <Skeleton height={260} radius="md" />
      </Stack>
    );
  }
  return <ShipmentDetail shipment={query.data} onRefresh={() => void query.refetch()} refreshFailed={query.isRefetchError} />;
}

function ShipmentDetail({
  shipment: s,
  onRefresh,
  refreshFailed,
}: {
  shipment: ShipmentView;
  onRefresh: () => void;
  refreshFailed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const fmt = useFormat();
  const dialogs = useShipmentDialogs();
  const mayBook = useCan('shipments.book');
  const date = (v: string | null) => formatLocalDate(v, i18n.language);
  const latest = newestFirst(s.events)[0];
  // A hold at the border asks for a document, not for a delivery to be arranged.
  const heldByCustoms = latest ? isCustomsHold(latest.status_code, latest.reason_code) : false;

  const expected = deliveryWindowFact(t, date, s.delivery_window);
  const facts: ShipmentFact[] = [
    { label: t('tracking.detail.carrier'), value: [s.carrier_name, t(`shipping_modes.${s.mode}`)].filter(Boolean).join(' · ') },
    { label: t('tracking.detail.pickup_date'), value: date(s.pickup_date) },
    s.delivered_at
      ? { label: t('tracking.detail.delivered_at'), value: fmt.dateTime(s.delivered_at) }
      : s.canceled_at
        ? { label: t('tracking.detail.canceled_at'), value: fmt.dateTime(s.canceled_at) }
        : {
            label: t('tracking.detail.estimated_delivery'),
            value: s.estimated_delivery ? date(s.estimated_delivery) : t('tracking.detail.not_estimated'),
          },
    ...(expected ? [expected] : []),
  ];

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Group gap="sm" align="center">
              <Title order={2} size="h3">
                {t('tracking.detail.bol', { number: s.bol_number })}
              </Title>
              <StatusBadge status={s.status} actionRequired={s.action_required} />
              <PaymentBadge state={s.payment_state} size="md" />
            </Group>
            <RouteLine
              origin={{ city: s.pickup.city, state: s.pickup.state }}
              destination={{ city: s.delivery.city, state: s.delivery.state }}
              size="md"
              fw={500}
            />
          </Stack>
          <Group gap="xs" wrap="wrap">
            <ShareTrackingLink number={s.bol_number} />
            <FileClaimLink shipment={s} />
            {mayBook && (
              <>
                <Button variant="default" onClick={() => dialogs.reship(s, 'reship')}>
                  {t('tracking_ui.actions.reship')}
                </Button>
                <Button variant="default" onClick={() => dialogs.reship(s, 'return')}>
                  {t('tracking_ui.actions.return')}
                </Button>
              </>
            )}
            {mayBook && isCancelable(s) && (
              <Button color="red" variant="light" onClick={() => dialogs.cancel(s)}>
                {t('tracking_ui.actions.cancel')}
              </Button>
            )}
          </Group>
        </Group>
        <ShipmentFacts
          facts={facts}
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          verticalSpacing="sm"
          mt="md"
          style={{ margin: 0, marginTop: 'var(--mantine-spacing-md)' }}
        />
      </Card>

      {s.action_required && (
        <Alert color="red" variant="light" title={t('tracking.action_required')}>
          <Text size="sm">
            {s.action_message
              ? t('tracking.detail.action_required_staff', { message: s.action_message })
              : t(heldByCustoms ? 'tracking.detail.action_required_customs' : 'tracking.detail.action_required_body')}
          </Text>
          {!s.action_message && latest && (
            <Text size="sm" mt="xs" fw={500}>
              {t('tracking.detail.action_required_latest', {
                description: eventText(latest, t, i18n) || t(`tracking.status.${latest.status}`),
                place: placeName(latest) || '—',
              })}
            </Text>
          )}
        </Alert>
      )}

      <PaymentPanel
        shipment={s}
        onPaid={(paid) => {
          queryClient.setQueryData(shipmentKey(paid.id), paid);
          void queryClient.invalidateQueries({ queryKey: [...SHIPMENTS_KEY, 'list'] });
        }}
        onRefresh={onRefresh}
      />
      {refreshFailed && (
        <Alert color="yellow" role="status">
          {t('tracking.detail.refresh_failed')}
        </Alert>
      )}

      {s.status === 'delivered' && <ProofOfDelivery shipmentId={s.id} />}

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tracking-history">
        <Title order={2} size="h3" fz="md" id="tracking-history" mb="md">
          {t('tracking.detail.history')}
        </Title>
        <TrackingTimeline events={s.events} />
      </Card>

      <ShipmentWatchers shipmentId={s.id} />

      <ShipmentSummary shipment={s} />

      {dialogs.dialogs}
    </Stack>
  );
}
