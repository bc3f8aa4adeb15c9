import type { PlaceView, ShipmentListItem, ShipmentView, TrackingEventView } from '@freight/contracts';

/** Test data: a list row (GET /api/shipments). */
export function makeListItem(overrides: Partial<ShipmentListItem> = {}): ShipmentListItem {
  return {
    id: 's1',
    status: 'in_transit',
    action_required: false,
    mode: 'ltl',
    bol_number: 'FP00012345',
    pro_number: '8812345670',
    tracking_number: null,
    reference_type: 'po_number',
    reference_number: 'PO-4471',
    carrier_name: 'Saia',
    scac: 'SAIA',
    pickup_date: '2026-03-10',
    estimated_delivery: '2026-03-13',
    origin: { company: 'Acme Warehouse', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' },
    destination: { company: 'Peachtree Retail', city: 'Atlanta', state: 'GA', postal_code: '30301', country: 'US' },
    currency: 'USD',
    total_cents: 123_450,
    payment_state: 'not_required',
    created_at: '2026-03-09T15:00:00Z',
    ...overrides,
  };
}

function place(overrides: Partial<PlaceView>): PlaceView {
  return {
    company: 'Acme Warehouse',
    first_name: 'Rosa',
    last_name: 'Díaz',
    email: 'rosa@acme.test',
    phone: '312 555 0101',
    street1: '100 W Madison St',
    street2: '',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60606',
    country: 'US',
    interior_number: '',
    exterior_number: '',
    neighborhood: '',
    opens_at: '08:00',
    closes_at: '17:00',
    ...overrides,
  };
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

/** Test data: a shipment in full (GET /api/shipments/:id). */
export function makeShipmentView(overrides: Partial<ShipmentView> = {}): ShipmentView {
  const { origin: _o, destination: _d, ...row } = makeListItem();
  return {
    ...row,
    quote_id: 'q1',
    service: 'standard',
    pickup_number: 'PU-99812',
    delivery_confirmation_number: null,
    transit_days: 3,
    ready_time: '09:00',
    close_time: '16:30',
    delivery_appointment: false,
    delivery_date: null,
    pickup: place({}),
    delivery: place({
      company: 'Peachtree Retail',
      first_name: 'Tom',
      last_name: 'Nguyen',
      email: 'tom@peach.test',
      phone: '404 555 0199',
      street1: '55 Peachtree St',
      city: 'Atlanta',
      state: 'GA',
      postal_code: '30301',
    }),
    notes: '',
    pickup_note: null,
    hazardous: false,
    hazmat: null,
    items: [
      {
        description: 'Paint cans',
        package_type: 'pallets',
        quantity: 2,
        length_in: 48,
        width_in: 40,
        height_in: 48,
        weight_lb: 500,
        freight_class: 70,
        nmfc: '',
        stackable: true,
        hazardous: false,
      },
    ],
    accessorials: [],
    charges: [{ code: 'freight', label: 'Freight', amount_cents: 123_450 }],
    declared_value_cents: 500_000,
    insurance: null,
    payment: { state: 'not_required', due_at: null, amount_cents: 123_450, hold_cents: 0, card_last4: null, paid_at: null },
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
    canceled_at: null,
    delivered_at: null,
    ...overrides,
  };
}
