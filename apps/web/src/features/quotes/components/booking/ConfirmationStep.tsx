import type { ShipmentView } from '@freight/contracts';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAnnounce } from '../../../../components/a11y/useAnnounce';
import { getShipment, SHIPMENTS_KEY, shipmentKey, trackDetailPath } from '../../../../components/shipment/api';
import { PaymentPanel } from '../../../../components/shipment/PaymentPanel';
import { ShipmentSummary } from '../../../../components/shipment/ShipmentSummary';
import { ShareLink } from '../../../../components/tracking/ShareTrackingLink';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { localDate } from '../results/localDate';

/**
 * What to do next, by what was booked: freight hands the BOL to the driver, a parcel wears its
 * labels, and a booking awaiting payment is paid first (nothing goes to a driver before).
 */
function introKey(shipment: ShipmentView) {
  if (shipment.payment.state === 'awaiting' || shipment.payment.state === 'expired') return 'quotes.confirmation.intro_awaiting_payment';
  return shipment.mode === 'parcel' ? 'quotes.confirmation.intro_parcel' : 'quotes.confirmation.intro';
}

/** A truckload's public confirmation page, to open or to send to the consignee. */
function TruckloadConfirmationLink({ path }: { path: string }) {
  const { t } = useTranslation();
  const url = new URL(path, window.location.origin).toString();
  return (
    <Alert color="blue" variant="light" title={t('quotes.confirmation.truckload.title')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('quotes.confirmation.truckload.body')}</Text>
        <Group gap="sm">
          <Button component="a" href={path} target="_blank" rel="noopener" variant="light">
            {t('quotes.confirmation.truckload.open')}
          </Button>
          <ShareLink
            url={url}
            label={t('quotes.confirmation.truckload.share')}
            linkLabel={t('quotes.confirmation.truckload.title')}
            hint={t('quotes.confirmation.truckload.body')}
            copiedHint={t('quotes.confirmation.truckload.copied')}
          />
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * Confirmation (spec 'Shipment confirmation'): the BOL number, the payment panel when the booking
 * awaits payment, then the shipment in full, with the ways to its tracking and to My Shipments.
 */
export function ConfirmationStep({ booked, onNewQuote }: { booked: ShipmentView; onNewQuote: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const qc = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useQuery({
    queryKey: shipmentKey(booked.id),
    queryFn: ({ signal }) => getShipment(booked.id, signal).then((r) => r.data),
    initialData: booked,
    // The booking's answer is fresh; fetch again only when asked (payment expiry, a conflict).
    staleTime: Number.POSITIVE_INFINITY,
  });
  const shipment = query.data;
  useAnnounce(t('quotes.confirmation.bol', { bol: booked.bol_number }), booked.id);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Stack gap="md" data-testid="confirmation">
      <Stack gap={4}>
        <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('quotes.confirmation.title')}
        </Title>
        <Text fz="lg" fw={600} data-testid="confirmation-bol">
          {t('quotes.confirmation.bol', { bol: shipment.bol_number })}
        </Text>
        <Text size="sm">{t(introKey(shipment), { carrier: shipment.carrier_name, date: fmt.date(localDate(shipment.pickup_date)) })}</Text>
      </Stack>

      <PaymentPanel
        shipment={shipment}
        onPaid={(paid) => {
          qc.setQueryData(shipmentKey(paid.id), paid);
          void qc.invalidateQueries({ queryKey: SHIPMENTS_KEY, exact: true });
        }}
        onRefresh={() => void query.refetch()}
      />
      {query.isRefetchError && (
        <Alert color="yellow" role="status">
          {t('quotes.confirmation.loading_failed')}
        </Alert>
      )}

      {shipment.confirmation_path && <TruckloadConfirmationLink path={shipment.confirmation_path} />}

      <Group gap="sm">
        <Button component={Link} to={trackDetailPath(shipment.id)}>
          {t('quotes.confirmation.track')}
        </Button>
        <Button component={Link} to={paths.myShipments} variant="light">
          {t('quotes.confirmation.my_shipments')}
        </Button>
        <Button variant="default" onClick={onNewQuote}>
          {t('quotes.confirmation.new_quote')}
        </Button>
      </Group>

      <ShipmentSummary shipment={shipment} />
    </Stack>
  );
}
