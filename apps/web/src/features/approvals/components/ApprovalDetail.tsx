import type { BookingApproval, ShipmentView } from '@freight/contracts';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryStatus } from '../../../components/QueryStatus';
import { SHIPMENTS_KEY } from '../../../components/shipment/api';
import { isApiError } from '../../../lib/api';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useFormat } from '../../../lib/useFormat';
import { APPROVALS_KEY, approvalKey, approveBooking, declineBooking, getApproval } from '../api';
import { ApprovalReasons, ApprovalStatusBadge } from './ApprovalBadges';
import { ApproveDialog, DeclineDialog } from './DecisionDialogs';
import { WithdrawRequest } from './WithdrawRequest';

type Dialog = 'approve' | 'decline' | null;

/**
 * One held booking: what, for how much, who asked and why it waits, and the eBay orders it ships;
 * an account admin approves or declines it here (a mailed link lands here with its dialog open),
 * and its booker may withdraw it while it waits. A held rate that expired is rated again by the
 * server first: the new price is shown and approved knowingly.
 */
export function ApprovalDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const qc = useQueryClient();
  const user = useAuthUser();
  const [params, setParams] = useSearchParams();
  const linked = params.get('action');
  const [dialog, setDialog] = useState<Dialog>(linked === 'approve' || linked === 'decline' ? linked : null);
  const [booked, setBooked] = useState<ShipmentView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** What was just done here (declined, withdrawn), said above the booking. */
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  // The buttons that led here are gone with the decision: focus goes to what it says.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  const query = useQuery({ queryKey: approvalKey(id), queryFn: () => getApproval(id) });
  const decides = user?.account?.permissions.includes('team.manage') ?? false;

  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: APPROVALS_KEY }), qc.invalidateQueries({ queryKey: SHIPMENTS_KEY })]);
  const close = () => {
    setDialog(null);
    if (linked) setParams({}, { replace: true, preventScrollReset: true });
  };
  const approve = useMutation({
    mutationFn: () => approveBooking(id),
    onSuccess: async ({ data }) => {
      setBooked(data.shipment);
      close();
      await refresh();
    },
    onError: async (e) => {
      // Rated again at today's price: the dialog closes on the new price, to be approved again.
      if (isApiError(e) && e.code === 'approval_rerated') {
        setNotice(e.message);
        close();
        await refresh();
      }
    },
  });
  const decline = useMutation({
    mutationFn: (reason: string) => declineBooking(id, reason),
    onSuccess: async ({ data }) => {
      close();
      setNotice(null);
      setDone(t('approvals.declined_done', { name: data.requested_by?.name ?? '' }));
      await refresh();
    },
  });

  const approval = query.data?.data;
  if (!approval) return <QueryStatus query={query} />;
  const expired = approval.rate_expires_at !== null && new Date(approval.rate_expires_at).getTime() <= Date.now();
  const pending = approval.status === 'pending';
  const mine = user !== null && approval.requested_by?.id === user.id;

  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to="/approvals">
        {t('approvals.back')}
      </Anchor>
      {booked && (
        <Alert color="green" role="status">
          <Group gap="sm">
            <Text size="sm">{t('approvals.approved', { bol: booked.bol_number })}</Text>
            <Anchor component={Link} to={paths.trackDetail(booked.id)} size="sm">
              {t('approvals.view_shipment')}
            </Anchor>
          </Group>
        </Alert>
      )}
      {done && (
        <Alert color="blue" role="status" ref={doneRef} tabIndex={-1}>
          {done}
        </Alert>
      )}
      {notice && (
        <Alert color="orange" role="alert">
          {notice}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Title order={2} size="h3">
              {t('approvals.route', { origin: approval.origin, destination: approval.destination })}
            </Title>
            <ApprovalStatusBadge status={approval.status} />
          </Group>
          <Text>{t('approvals.carrier_pickup', { carrier: approval.carrier_name, date: fmt.date(approval.pickup_date) })}</Text>
          <EbayOrders approval={approval} />
          <Text fw={700} size="lg">
            {fmt.money(approval.total_cents / 100, approval.currency)}
          </Text>
          <Text size="sm">
            {approval.requested_by?.name} · {t('approvals.requested', { date: fmt.dateTime(approval.created_at) })}
          </Text>
          <ApprovalReasons approval={approval} />
          {pending && approval.rate_expires_at && (
            <Text size="sm" c={expired ? 'orange.9' : 'dimmed'}>
              {expired ? t('approvals.rate_expired') : t('approvals.rate_holds', { date: fmt.dateTime(approval.rate_expires_at) })}
            </Text>
          )}
          <Decision approval={approval} />
          {approval.shipment_id && !booked && (
            <Anchor component={Link} to={paths.trackDetail(approval.shipment_id)}>
              {t('approvals.view_shipment')}
            </Anchor>
          )}
          {pending && decides && (
            <Group mt="sm">
              <Button onClick={() => setDialog('approve')}>{t('approvals.approve')}</Button>
              <Button variant="default" color="red" onClick={() => setDialog('decline')}>
                {t('approvals.decline')}
              </Button>
            </Group>
          )}
          {pending && mine && (
            <Stack mt="sm" gap="xs" align="flex-start">
              <WithdrawRequest approval={approval} onWithdrawn={() => setDone(t('approvals.withdraw.done'))} />
            </Stack>
          )}
        </Stack>
      </Card>
      {dialog === 'approve' && pending && decides && (
        <ApproveDialog approval={approval} onApprove={() => approve.mutateAsync()} onCancel={close} />
      )}
      {dialog === 'decline' && pending && decides && (
        <DeclineDialog approval={approval} onDecline={(reason) => decline.mutateAsync(reason)} onCancel={close} />
      )}
    </Stack>
  );
}

/** The eBay orders the booking ships, each a link to it in the eBay orders (for a role that opens them). */
function EbayOrders({ approval }: { approval: BookingApproval }) {
  const { t } = useTranslation();
  const opens = useCan('ebay.view');
  return approval.ebay_orders.map((o) => {
    const label = t('approvals.ebay_order', { number: o.ebay_order_id });
    const to = `${paths.ebayOrders}?${new URLSearchParams({ status: o.status, q: o.ebay_order_id })}`;
    return opens ? (
      <Anchor key={o.id} component={Link} to={to} size="sm">
        {label}
      </Anchor>
    ) : (
      <Text key={o.id} size="sm">
        {label}
      </Text>
    );
  });
}

/** Who decided, when, and a decline's reason. */
function Decision({ approval }: { approval: BookingApproval }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!approval.decided_at) return null;
  return (
    <>
      <Text size="sm">
        {t('approvals.decided', {
          status: t(`approvals.statuses.${approval.status}`),
          name: approval.decided_by?.name ?? '',
          date: fmt.dateTime(approval.decided_at),
        })}
      </Text>
      {approval.decline_reason && <Text size="sm">{t('approvals.decline_reason', { reason: approval.decline_reason })}</Text>}
    </>
  );
}
