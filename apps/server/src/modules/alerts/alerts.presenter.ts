import type { AlertDetails, AlertKind, AlertShipmentView, AlertState, AlertView, ExceptionQueueItem } from '@freight/contracts';
import type { AlertShipmentRow } from './alerts.repository';

/** 'City, ST', either part possibly missing. */
export const place = (city: string, state: string) => [city, state].filter(Boolean).join(', ');

interface AlertRow {
  id: string;
  kind: AlertKind;
  raisedAt: Date;
  closedAt: Date | null;
  acknowledgedAt: Date | null;
  details: AlertDetails;
}

const stateOf = (a: AlertRow): AlertState => (a.closedAt ? 'closed' : a.acknowledgedAt ? 'acknowledged' : 'open');

export function presentShipment(s: AlertShipmentRow): AlertShipmentView {
  return {
    id: s.id,
    number: s.bolNumber,
    pro_number: s.proNumber,
    carrier_name: s.carrierName,
    status: s.status,
    origin: place(s.originCity, s.originState),
    destination: place(s.destinationCity, s.destinationState),
  };
}

export function presentAlert(row: { alert: AlertRow; shipment: AlertShipmentRow; unread: boolean | null }): AlertView {
  const a = row.alert;
  return {
    id: a.id,
    kind: a.kind,
    state: stateOf(a),
    raised_at: a.raisedAt.toISOString(),
    closed_at: a.closedAt?.toISOString() ?? null,
    acknowledged_at: a.acknowledgedAt?.toISOString() ?? null,
    details: a.details,
    shipment: presentShipment(row.shipment),
    unread: Boolean(row.unread),
  };
}

export function presentQueueItem(row: {
  alert: AlertRow;
  accountId: string;
  accountName: string;
  shipment: AlertShipmentRow;
  lastEvent: { status_code: string; description: string; city: string; state: string; occurred_at: string } | null;
}): ExceptionQueueItem {
  const e = row.lastEvent;
  return {
    id: row.alert.id,
    kind: row.alert.kind,
    raised_at: row.alert.raisedAt.toISOString(),
    details: row.alert.details,
    account_id: row.accountId,
    account_name: row.accountName,
    shipment: presentShipment(row.shipment),
    last_event: e
      ? { status_code: e.status_code, description: e.description, location: place(e.city, e.state) || null, occurred_at: e.occurred_at }
      : null,
  };
}
