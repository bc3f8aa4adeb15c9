import type { ConfirmationPlace, TruckloadConfirmationView } from '@freight/contracts';
import { type Country, formatPhone, formatTimeOfDay } from '@freight/domain';
import { Alert, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AddressLines } from '../../../components/AddressLines';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { ShipmentFacts } from '../../../components/tracking/ShipmentFacts';
import { StatusBadge } from '../../../components/tracking/StatusBadge';
import { isApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { getTruckloadConfirmation } from './api';

/**
 * The truckload confirmation page (spec: a public page), opened from the link the shipper sends
 * the consignee: the load, the carrier and equipment, both places and a truckload's extra stops
 * with their windows and contacts, and the way to its tracking. No prices.
 */
export function TruckloadConfirmation() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const query = useQuery({
    queryKey: ['truckload-confirmation', token],
    queryFn: () => getTruckloadConfirmation(token),
    enabled: token !== '',
    retry: false,
  });
  if (!token || (isApiError(query.error) && query.error.status === 404)) {
    return (
      <Alert color="yellow" title={t('truckload_confirmation.not_found_title')}>
        {t('truckload_confirmation.not_found')}
      </Alert>
    );
  }
  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.data) return <LoadingBlock height={320} label={t('truckload_confirmation.loading')} />;
  return <ConfirmationCard view={query.data} />;
}

function ConfirmationCard({ view }: { view: TruckloadConfirmationView }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const date = (iso: string | null) => (iso ? formatLocalDate(iso, i18n.language) : '—');
  const delivery = view.delivery_appointment
    ? t('truckload_confirmation.by_appointment', { date: date(view.delivery_date) })
    : view.delivery_date
      ? date(view.delivery_date)
      : t('truckload_confirmation.first_come');
  return (
    <Card withBorder padding="lg" data-testid="truckload-confirmation">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {t('truckload_confirmation.bol', { bol: view.bol_number })}
            </Title>
            <Text c="dimmed" size="sm">
              {t('truckload_confirmation.carrier_line', {
                carrier: view.carrier_name,
                scac: view.scac,
                equipment:
                  view.equipment_name ?? t(`quotes.form.equipment_types.${view.equipment_type}`, { defaultValue: view.equipment_type }),
              })}
            </Text>
          </Stack>
          <StatusBadge status={view.status} />
        </Group>
        <ShipmentFacts
          cols={{ base: 2, sm: 4 }}
          facts={[
            {
              label: t('truckload_confirmation.pickup_date'),
              value: `${date(view.pickup_date)}, ${formatTimeOfDay(view.ready_time, i18n.language)}–${formatTimeOfDay(view.close_time, i18n.language)}`,
            },
            { label: t('truckload_confirmation.delivery'), value: delivery },
            { label: t('truckload_confirmation.estimated_delivery'), value: date(view.estimated_delivery) },
            { label: t('truckload_confirmation.pro'), value: view.pro_number ?? '—' },
            { label: t('truckload_confirmation.pickup_number'), value: view.pickup_number ?? '—' },
            ...view.references.map((r) => ({ label: t(`shipment.reference_types.${r.type}`), value: r.value })),
            { label: t('truckload_confirmation.pieces'), value: fmt.number(view.pieces) },
            { label: t('truckload_confirmation.weight'), value: fmt.weight(view.weight_lb) },
          ]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PlaceCard title={t('truckload_confirmation.ship_from')} place={view.pickup} home={view.pickup.country} />
          <PlaceCard title={t('truckload_confirmation.ship_to')} place={view.delivery} home={view.pickup.country} />
        </SimpleGrid>
        {view.stops.length > 0 && (
          <Stack gap="xs" data-testid="confirmation-stops">
            <Title order={3} size="h5">
              {t('shipment.stops.title', { count: view.stops.length })}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {view.stops.map((stop, i) => (
                <PlaceCard
                  // biome-ignore lint/suspicious/noArrayIndexKey: stops have no id; their order is the route
                  key={i}
                  title={t(`shipment.stops.stop_${stop.kind}`, { n: i + 1 })}
                  place={stop.place}
                  home={view.pickup.country}
                  when={
                    stop.appointment
                      ? t('shipment.stops.appointment', { date: date(stop.date), time: formatTimeOfDay(stop.time_from, i18n.language) })
                      : t('shipment.stops.window', {
                          date: date(stop.date),
                          from: formatTimeOfDay(stop.time_from, i18n.language),
                          to: formatTimeOfDay(stop.time_to, i18n.language),
                        })
                  }
                />
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {view.hazardous && (
          <Alert color="orange" title={t('truckload_confirmation.hazmat_title')}>
            {t('truckload_confirmation.hazmat')}
          </Alert>
        )}
        {view.notes && (
          <Text size="sm">
            <Text span fw={600}>
              {t('truckload_confirmation.notes')}
            </Text>{' '}
            {view.notes}
          </Text>
        )}
        <Group>
          <Button component={Link} to={paths.publicTracking(view.bol_number)} variant="light">
            {t('truckload_confirmation.track')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A place of the load: the company, its address (the country only when it is not the pickup's), contact, hours; a stop's expected time first. */
function PlaceCard({ title, place, home, when }: { title: string; place: ConfirmationPlace; home: Country; when?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Paper withBorder p="md">
      <Text fw={700} size="sm" tt="uppercase" c="dimmed" mb={4}>
        {title}
      </Text>
      {when && (
        <Text size="sm" fw={500} mb={4}>
          {when}
        </Text>
      )}
      <Text fw={600}>{place.company}</Text>
      <AddressLines address={place} homeCountry={home} />
      {place.contact && (
        <Text size="sm" mt={4}>
          {place.contact}
          {place.phone && ` · ${formatPhone(place.phone)}`}
        </Text>
      )}
      {place.opens_at && place.closes_at && (
        <Text size="sm" c="dimmed">
          {t('truckload_confirmation.hours', {
            opens: formatTimeOfDay(place.opens_at, i18n.language),
            closes: formatTimeOfDay(place.closes_at, i18n.language),
          })}
        </Text>
      )}
    </Paper>
  );
}
