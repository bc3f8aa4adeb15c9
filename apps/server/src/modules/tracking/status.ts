import { FINAL_STATUSES, map214, type ShipmentStatus } from '@freight/domain';

export interface StatusEvent {
  statusCode: string;
  reasonCode: string | null;
  status: ShipmentStatus;
  occurredAt: Date;
}

export interface StatusFacts<E extends StatusEvent> {
  status: ShipmentStatus;
  actionRequired: boolean;
  deliveredAt: Date | null;
  canceledAt: Date | null;
  /** The event the status comes from (null: no event decides, the shipment keeps what it had). */
  decisive: E | null;
}

const isFinal = (s: ShipmentStatus) => FINAL_STATUSES.includes(s);

/**
 * A shipment's status from all of its events, whatever order they arrived in:
 * - a final status (delivered, canceled) once reached stays: a shipment already final keeps its
 *   status, and among the events the latest final one wins over any moving event, so a D1
 *   followed by a late-arriving, earlier X6 stays Delivered, and so does an X6 stamped after D1;
 * - otherwise the event that occurred last wins (ties: the one received last, as `events` is
 *   ordered by occurred_at then arrival);
 * - Action Required comes from the deciding event; delivered_at is the delivery event's time;
 *   canceled_at is kept, or the carrier's CA event's time.
 * `events` must be ordered by occurred_at, then arrival.
 */
export function deriveStatus<E extends StatusEvent>(
  current: { status: ShipmentStatus; actionRequired: boolean; deliveredAt: Date | null; canceledAt: Date | null },
  events: readonly E[],
): StatusFacts<E> {
  if (isFinal(current.status)) {
    const decisive = [...events].reverse().find((e) => e.status === current.status) ?? null;
    return { ...current, actionRequired: false, decisive };
  }
  let latest: E | null = null;
  let latestFinal: E | null = null;
  for (const e of events) {
    latest = e;
    if (isFinal(e.status)) latestFinal = e;
  }
  const decisive = latestFinal ?? latest;
  if (!decisive) return { ...current, decisive: null };
  const status = decisive.status;
  return {
    status,
    actionRequired:
      status === 'canceled' || status === 'delivered' ? false : (map214(decisive.statusCode, decisive.reasonCode)?.actionRequired ?? false),
    deliveredAt: status === 'delivered' ? decisive.occurredAt : null,
    canceledAt: status === 'canceled' ? (current.canceledAt ?? decisive.occurredAt) : current.canceledAt,
    decisive,
  };
}
