import type { PlaceView, ShipmentItemView, ShipmentListItem, ShipmentView } from '@freight/contracts';

/** Test data: a place with its contact. */
export function makePlace(overrides: Partial<PlaceView> = {}): PlaceView {
  return {
    company: 'Acme Warehouse',
    first_name: 'Rosa',
    last_name: 'Díaz',
    email: 'rosa@acme.test',
    phone: '312 555 0101',
    street1: '100 W Madison St',
    street2: 'Dock 4',
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

/** Test data: the consignee's place (Atlanta) with its contact. */
export function makeDeliveryPlace(overrides: Partial<PlaceView> = {}): PlaceView {
  return makePlace({
    company: 'Peachtree Retail',
    first_name: 'Tom',
    last_name: 'Nguyen',
    email: 'tom@peach.test',
    phone: '404 555 0199',
    street1: '55 Peachtree St',
    street2: '',
    city: 'Atlanta',
    state: 'GA',
    postal_code: '30301',
    ...overrides,
  });
}

/** Test data: a line of the shipment (two pallets of paint, hazardous). */
export function makeItem(overrides: Partial<ShipmentItemView> = {}): ShipmentItemView {
  return {
    description: 'Paint cans',
    package_type: 'pallets',
    quantity: 2,
    length_in: 48,
    width_in: 40,
    height_in: 48,
    weight_lb: 500,
    freight_class: 70,
    nmfc: '149980',
    stackable: true,
    hazardous: true,
    ...overrides,
  };
}

/** Test data: a booked LTL shipment (a credit account's: nothing to pay). */
export function makeShipment(overrides: Partial<ShipmentView> = {}): ShipmentView {
  return {
    id: 's1',
    quote_id: 'q1',
    booked_by: { id: 'u1', name: 'Ana Pérez' },
    approved_by: null,
    status: 'pending',
    action_required: false,
    mode: 'ltl',
    bol_number: 'FP00012345',
    pro_number: '8812345670',
    tracking_number: null,
    reference_type: 'po_number',
    reference_number: 'PO-4471',
    references: [{ type: 'po_number', value: 'PO-4471' }],
    parcel_options: null,
    temperature: null,
    carrier_name: 'Saia',
    scac: 'SAIA',
    service: 'standard',
    service_name: null,
    pickup_date: '2030-03-11',
    estimated_delivery: '2030-03-15',
    pickup_number: 'PU-99812',
    delivery_confirmation_number: null,
    transit_days: 4,
    crossing: null,
    customs: null,
    customs_stage: null,
    customs_entry_number: null,
    customs_version: 1,
    ready_time: '09:00',
    close_time: '16:30',
    delivery_appointment: false,
    delivery_date: null,
    pickup: makePlace(),
    delivery: makeDeliveryPlace(),
    stops: [],
    notes: 'Call before arrival',
    pickup_note: null,
    hazardous: true,
    hazmat: {
      proper_name: 'Paint',
      hazard_class: '3',
      un_number: 'UN1263',
      packing_group: 'II',
      emergency_contact: 'ChemTrec',
      emergency_phone: '800 424 9300',
    },
    items: [makeItem()],
    accessorials: ['liftgate_delivery', 'hazmat'],
    charges: [
      { code: 'freight', label: 'Freight', amount_cents: 20_000 },
      { code: 'discount', label: 'Discount', amount_cents: -8_000 },
      { code: 'fuel', label: 'Fuel surcharge', amount_cents: 2_500 },
      { code: 'accessorial', label: 'Liftgate delivery', amount_cents: 500 },
      { code: 'insurance', label: 'Insurance', amount_cents: 5_000 },
    ],
    declared_value_cents: 800_000,
    insurance: { kind: 'full', premium_cents: 5_000, coverage_cents: 800_000, deductible_cents: 0 },
    payment: {
      state: 'not_required',
      due_at: null,
      can_extend: false,
      amount_cents: 20_000,
      hold_cents: 25_000,
      card_last4: null,
      paid_at: null,
      credit_memo: null,
    },
    notify_consignee: true,
    confirmation_path: null,
    documents: [
      { kind: 'bol', url: '/api/shipments/s1/documents/bol', language: 'en', copy: null },
      { kind: 'pallet_labels', url: '/api/shipments/s1/documents/pallet_labels', language: 'en', copy: null },
    ],
    events: [],
    currency: 'USD',
    total_cents: 20_000,
    payment_state: 'not_required',
    created_at: '2030-03-09T15:00:00Z',
    action_message: null,
    canceled_at: null,
    delivered_at: null,
    ...overrides,
  };
}

/** Test data: a shipment as a list row (GET /api/shipments) shows it. */
export function listItemOf(s: ShipmentView): ShipmentListItem {
  const end = (p: PlaceView) => ({ company: p.company, city: p.city, state: p.state, postal_code: p.postal_code, country: p.country });
  return {
    id: s.id,
    status: s.status,
    action_required: s.action_required,
    mode: s.mode,
    bol_number: s.bol_number,
    pro_number: s.pro_number,
    tracking_number: s.tracking_number,
    reference_type: s.reference_type,
    reference_number: s.reference_number,
    references: s.references,
    carrier_name: s.carrier_name,
    scac: s.scac,
    pickup_date: s.pickup_date,
    estimated_delivery: s.estimated_delivery,
    origin: end(s.pickup),
    destination: end(s.delivery),
    currency: s.currency,
    total_cents: s.total_cents,
    payment_state: s.payment_state,
    created_at: s.created_at,
    booked_by: s.booked_by,
  };
}
