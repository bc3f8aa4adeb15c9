import { actionRequiredRequest, type StaffShipmentDetail, staffCancelRequest } from '@freight/contracts';
import { CANCELABLE_STATUSES, FINAL_STATUSES } from '@freight/domain';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { ProofOfDelivery } from '../../../components/proof-of-delivery/ProofOfDelivery';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { ShipmentSummary } from '../../../components/shipment';
import { StatusBadge } from '../../../components/tracking/StatusBadge';
import { TrackingTimeline } from '../../../components/tracking/TrackingTimeline';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { ShipmentClaims } from '../../claims';
import { afterShipmentAction, shipmentAction, staffShipmentQuery } from '../api/shipmentsApi';
import { ShipmentCarrierInvoices } from '../carrier-invoices/components/ShipmentCarrierInvoices';
import { AuditTrail } from '../components/AuditTrail';
import { NotesPanel } from '../components/NotesPanel';
import { ReasonDialog } from '../components/ReasonDialog';
import { EtaPanel } from '../components/shipments/EtaPanel';
import { MarginPanel } from '../components/shipments/MarginPanel';
import { RawEvents } from '../components/shipments/RawEvents';
import { StaffEventDialog } from '../components/shipments/StaffEventDialog';

type Dialog = 'event' | 'action' | 'cancel' | null;

/** A shipment as staff see it: the shipper's detail, its account and quote, the raw events, and staff's actions and notes. */
export function ShipmentDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useQuery(staffShipmentQuery(id));
  return (
    <>
      <PageHeader title={t('admin.pages.shipments')} />
      <Anchor component={Link} to={paths.admin.page('shipments')} size="sm" mb="md" display="block">
        {t('admin.shipments.back')}
      </Anchor>
      <QueryStatus query={q} />
      {q.data && <Detail detail={q.data} />}
    </>
  );
}

function Detail({ detail }: { detail: StaffShipmentDetail }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const s = detail.shipment;
  const final = FINAL_STATUSES.includes(s.status);
  const clear = useMutation({
    mutationFn: () => shipmentAction(s.id, 'action-required', { action_required: false }),
    onSuccess: (next) => afterShipmentAction(client, next),
  });
  const close = () => setDialog(null);
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6}>
            <Group gap="sm">
              <Title order={2} size="h3">
                {t('admin.shipments.bol', { number: s.bol_number })}
              </Title>
              <StatusBadge status={s.status} actionRequired={s.action_required} />
            </Group>
            <Text size="sm">
              {t('admin.shipments.account')}{' '}
              <Anchor component={Link} to={paths.admin.account(detail.account.id)} fw={600}>
                {detail.account.name}
              </Anchor>{' '}
              {detail.account.status === 'credit_hold' && (
                <Badge color="red" variant="light" size="sm">
                  {t('account_status.credit_hold')}
                </Badge>
              )}
            </Text>
            {detail.booked_by && (
              <Text size="sm" c="dimmed">
                {t('admin.shipments.booked_by', {
                  name: detail.booked_by.name,
                  email: detail.booked_by.email,
                  date: fmt.dateTime(s.created_at),
                })}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {detail.quote ? (
                <Anchor component={Link} to={paths.admin.quote(detail.quote.id)} size="sm">
                  {t('admin.shipments.quote', {
                    date: fmt.dateTime(detail.quote.created_at),
                    mode: t(`shipping_modes.${detail.quote.mode}`),
                  })}
                </Anchor>
              ) : (
                t('admin.shipments.no_quote')
              )}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button onClick={() => setDialog('event')} disabled={final}>
              {t('admin.shipments.actions.add_event')}
            </Button>
            {s.action_required ? (
              <Button variant="light" onClick={() => clear.mutate()} loading={clear.isPending} disabled={final}>
                {t('admin.shipments.actions.clear_action')}
              </Button>
            ) : (
              <Button variant="light" color="orange" onClick={() => setDialog('action')} disabled={final}>
                {t('admin.shipments.actions.set_action')}
              </Button>
            )}
            {CANCELABLE_STATUSES.includes(s.status) && (
              <Button variant="light" color="red" onClick={() => setDialog('cancel')}>
                {t('admin.shipments.actions.cancel')}
              </Button>
            )}
          </Group>
        </Group>
        {clear.error && <ErrorAlert error={clear.error} />}
      </Paper>

      {s.action_required && (
        <Alert color="red" variant="light" title={t('tracking.action_required')}>
          {s.action_message ? t('admin.shipments.action_message', { message: s.action_message }) : t('admin.shipments.action_from_carrier')}
        </Alert>
      )}

      {s.status === 'delivered' && <ProofOfDelivery shipmentId={s.id} staff />}
      <Section title={t('admin.shipments.timeline')}>
        <TrackingTimeline events={s.events} />
      </Section>
      <RawEvents events={detail.events} />
      <EtaPanel detail={detail} final={final} />
      <ShipmentSummary shipment={s} />
      {detail.margin && <MarginPanel margin={detail.margin} currency={s.currency} />}
      <ShipmentCarrierInvoices shipment={s} />
      <ShipmentClaims shipmentId={s.id} />
      <NotesPanel notes={detail.notes} onAdd={async (body) => afterShipmentAction(client, await shipmentAction(s.id, 'notes', { body }))} />
      <AuditTrail entries={detail.audit} />

      {dialog === 'event' && <StaffEventDialog detail={detail} onClose={close} />}
      {dialog === 'action' && (
        <ReasonDialog
          submit={async (body) => afterShipmentAction(client, await shipmentAction(s.id, 'action-required', body))}
          schema={actionRequiredRequest}
          field="message"
          extra={{ action_required: true }}
          title={t('admin.shipments.actions.set_action')}
          intro={t('admin.shipments.action_dialog.intro')}
          label={t('admin.shipments.action_dialog.message')}
          submitLabel={t('admin.shipments.actions.set_action')}
          onClose={close}
        />
      )}
      {dialog === 'cancel' && (
        <ReasonDialog
          submit={async (body) => afterShipmentAction(client, await shipmentAction(s.id, 'cancel', body))}
          schema={staffCancelRequest}
          field="reason"
          title={t('admin.shipments.actions.cancel')}
          intro={t('admin.shipments.cancel_dialog.intro', { bol: s.bol_number, account: detail.account.name })}
          label={t('admin.shipments.cancel_dialog.reason')}
          submitLabel={t('admin.shipments.actions.cancel')}
          danger
          onClose={close}
        />
      )}
    </Stack>
  );
}
