import type { ShipmentListItem, ShipmentView, TrackingEventView } from '@freight/contracts';
import { listItemOf, makeItem, makePlace, makeShipment } from '../shipment/testShipment';

/** Test data: a list row (GET /api/shipments) of the shipment of makeShipmentView. */
export function makeListItem(overrides: Partial<ShipmentListItem> = {}): ShipmentListItem {
  return { ...listItemOf(makeShipmentView()), ...overrides };
}

export function makeEvent(overrides: Partial<TrackingEventView> = {}): TrackingEventView {
  return {
    status: 'in_transit',
    status_code: 'X6',
    reason_code: 'NS',
    description: 'En route to destination',
    city: 'Nashville',
    state: 'TN',
    occurred_at: '2026-03-11T20:05:00Z',
    local_time: '2026-03-11T14:05',
    ...overrides,
  };
}

/**
 * Test data: a shipment in full (GET /api/shipments/:id), in transit with three events: the
 * booked shipment of makeShipment, without hazmat, insurance or extras.
 */
export function makeShipmentView(overrides: Partial<ShipmentView> = {}): ShipmentView {
  return makeShipment({
    status: 'in_transit',
    pickup_date: '2026-03-10',
    estimated_delivery: '2026-03-13',
    transit_days: 3,
    pickup: makePlace({ street2: '' }),
    notes: '',
    hazardous: false,
    hazmat: null,
    items: [makeItem({ nmfc: '', hazardous: false })],
    accessorials: [],
    charges: [{ code: 'freight', label: 'Freight', amount_cents: 123_450 }],
    declared_value_cents: 500_000,
    insurance: null,
    payment: {
      state: 'not_required',
      due_at: null,
      can_extend: false,
      amount_cents: 123_450,
      hold_cents: 0,
      card_last4: null,
      paid_at: null,
      credit_memo: null,
    },
    notify_consignee: false,
    documents: [],
    events: [
      makeEvent({
        status: 'dispatched',
        status_code: 'AA',
        description: 'Pickup appointment set',
        city: 'Chicago',
        state: 'IL',
        occurred_at: '2026-03-10T14:00:00Z',
        local_time: '2026-03-10T08:00',
      }),
      makeEvent({
        status: 'in_transit',
        status_code: 'AF',
        description: 'Departed terminal',
        city: 'Chicago',
        state: 'IL',
        occurred_at: '2026-03-10T23:30:00Z',
        local_time: '2026-03-10T17:30',
      }),
      makeEvent(),
    ],
    total_cents: 123_450,
    created_at: '2026-03-09T15:00:00Z',
    ...overrides,
  });
}
