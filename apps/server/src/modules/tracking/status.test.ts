import { map214, type ShipmentStatus } from '@freight/domain';
import { describe, expect, it } from 'vitest';
import { deriveStatus, type StatusEvent } from './status';

const pending = { status: 'pending' as ShipmentStatus, actionRequired: false, deliveredAt: null, canceledAt: null };
const ev = (code: string, at: string, reason: string | null = null): StatusEvent => ({
  statusCode: code,
  reasonCode: reason,
  status: map214(code, reason)?.status as ShipmentStatus,
  occurredAt: new Date(at),
});
/** Events as the repository hands them: by occurred_at (arrival order breaks ties). */
const ordered = (...events: StatusEvent[]) => [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());

describe('deriveStatus', () => {
  it('keeps the shipment as it is without events', () => {
    expect(deriveStatus(pending, [])).toEqual({ ...pending, decisive: null });
  });

  it('takes the latest event by time, whatever order they came in', () => {
    const events = ordered(ev('AF', '2026-11-24T17:00:00Z'), ev('XB', '2026-11-24T13:00:00Z'), ev('X4', '2026-11-25T02:00:00Z'));
    const next = deriveStatus(pending, events);
    expect(next.status).toBe('in_transit');
    expect(next.decisive?.statusCode).toBe('X4');
  });

  it('stays Delivered when an earlier or even a later moving event comes after D1', () => {
    const d1 = ev('D1', '2026-11-26T20:00:00Z');
    expect(deriveStatus(pending, ordered(d1, ev('X6', '2026-11-26T14:00:00Z'))).status).toBe('delivered');
    const withLater = deriveStatus(pending, ordered(d1, ev('X6', '2026-11-26T14:00:00Z'), ev('AH', '2026-11-26T21:00:00Z')));
    expect(withLater).toMatchObject({ status: 'delivered', actionRequired: false, deliveredAt: new Date('2026-11-26T20:00:00Z') });
  });

  it('keeps a final status the shipment already has (the shipper canceled)', () => {
    const canceled = { ...pending, status: 'canceled' as ShipmentStatus, canceledAt: new Date('2026-11-23T10:00:00Z') };
    expect(deriveStatus(canceled, [ev('X3', '2026-11-24T15:00:00Z')])).toMatchObject({
      status: 'canceled',
      canceledAt: canceled.canceledAt,
    });
  });

  it('is Delayed with an abnormal reason, and asks for action on attempted, refused or damaged', () => {
    expect(deriveStatus(pending, [ev('X6', '2026-11-26T14:00:00Z', 'AO')])).toMatchObject({ status: 'delayed', actionRequired: false });
    expect(deriveStatus(pending, [ev('A7', '2026-11-26T14:00:00Z')])).toMatchObject({ status: 'delayed', actionRequired: true });
  });

  it("stamps canceled_at from a carrier's CA event", () => {
    expect(deriveStatus(pending, [ev('CA', '2026-11-24T15:00:00Z')])).toMatchObject({
      status: 'canceled',
      canceledAt: new Date('2026-11-24T15:00:00Z'),
      deliveredAt: null,
    });
  });
});
