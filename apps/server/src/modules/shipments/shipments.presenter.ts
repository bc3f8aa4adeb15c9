import type {
  ChargeView,
  HazmatDetails,
  Paginated,
  ParcelOptions,
  ParcelPickupNote,
  PaymentView,
  PlaceView,
  ReferenceType,
  ShipmentDocument,
  ShipmentItemView,
  ShipmentListItem,
  ShipmentReference,
  ShipmentView,
  TemperatureRange,
  TrackingEventView,
} from '@freight/contracts';
import { FINAL_STATUSES, type Language } from '@freight/domain';
import { customsStage } from '@freight/domain/customs';
import { type ChargeLine, crossingView } from '@freight/domain/rating';
import type { TrackedShipment } from '../../carrier-adapters/adapter';
import { documentKindsOf, documentLanguage, documentsOf, hasReaderCopy, languageOfCountry } from '../../document-kinds';
import { isMessageKey, plainText, translator } from '../../i18n';
import { pageMeta } from '../../paging';
import { type People, personOf } from '../../people';
import { localTime } from '../../zones';
import { customsFactsOf } from '../customs/customs.service';
import type { ShipmentEventRow, ShipmentRow } from './shipments.repository';
import { deliveryPlaceOf, stopsOf } from './truckload-stops';

/** What the presenter needs beyond the row: the card hold in the shipment's currency and the paying card. */
export interface PaymentFacts {
  holdCents: number;
  cardLast4: string | null;
  /** The credit memo of a canceled prepaid booking's receipt. */
  creditMemo?: { id: string; number: string } | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A shipment as lists show it; `people` names its booker (usersService.people). */
export function listItem(row: ShipmentRow, people: People): ShipmentListItem {
  const pickup = row.pickup as PlaceView;
  const delivery = deliveryPlaceOf(row);
  return {
    id: row.id,
    status: row.status,
    action_required: row.actionRequired,
    mode: row.mode,
    bol_number: row.bolNumber,
    pro_number: row.proNumber,
    tracking_number: row.trackingNumber,
    reference_type: (row.referenceType as ReferenceType | null) ?? null,
    reference_number: row.referenceNumber,
    references: row.references as ShipmentReference[],
    carrier_name: row.carrierName,
    scac: row.scac,
    pickup_date: row.pickupDate,
    // Staff's override when there is one (the generated column), never the carrier's alone.
    estimated_delivery: row.shownEstimatedDelivery,
    origin: {
      company: pickup.company,
      city: row.originCity,
      state: row.originState,
      postal_code: row.originPostalCode,
      country: row.originCountry,
    },
    destination: {
      company: delivery.company,
      city: row.destinationCity,
      state: row.destinationState,
      postal_code: row.destinationPostalCode,
      country: row.destinationCountry,
    },
    currency: row.currency,
    total_cents: row.totalCents,
    payment_state: row.paymentState,
    created_at: row.createdAt.toISOString(),
    booked_by: personOf(people, row.userId, row.accountId),
  };
}

/**
 * A charge line's label, naming what the rate's `detail` says: the accessorial, the parcel
 * surcharge or option (residential, adult signature, declared value...), the freight class of a
 * freight line, the deficit weight. Other lines keep their label.
 */
export function chargeLabel(c: Pick<ChargeLine, 'code' | 'label' | 'detail'>, language: Language) {
  if (c.code === 'accessorial' && c.detail && isMessageKey(`shipment.accessorial.${c.detail}`)) {
    return plainText(language, `shipment.accessorial.${c.detail}`);
  }
  if ((c.code === 'accessorial' || c.code === 'surcharge') && c.detail && isMessageKey(`shipment.charge.${c.detail}`)) {
    return plainText(language, `shipment.charge.${c.detail}`);
  }
  if (c.code === 'freight' && c.detail === 'deficit_weight') return plainText(language, 'shipment.charge.deficit_weight');
  if (c.code === 'freight' && c.detail && /^\d+(\.\d+)?$/.test(c.detail)) {
    return translator(language)('shipment.charge.freight_class', { class: c.detail });
  }
  return plainText(language, c.label);
}

export function presentEvent(e: ShipmentEventRow): TrackingEventView {
  return {
    status: e.status,
    status_code: e.statusCode,
    reason_code: e.reasonCode,
    description: e.description,
    city: e.city,
    state: e.state,
    occurred_at: e.occurredAt.toISOString(),
    local_time: localTime(e.occurredAt, e.utcOffsetMinutes),
  };
}

/**
 * The language of the carrier that picks the freight up, which its documents are printed in: a
 * Mexican pickup is tendered to a Mexican carrier (Spanish), any other to a U.S. or Canadian one.
 */
export const carrierLanguage = (originCountry: string): Language => languageOfCountry(originCountry);

/**
 * The documents of a shipment (documentKindsOf: its mode's), in the carrier's language, with a
 * copy in `reader`'s when it differs (and the document has one).
 */
function shipmentDocuments(row: ShipmentRow, reader: Language, seesCost: boolean): ShipmentDocument[] {
  return documentKindsOf(documentsOf(row), seesCost).map((kind) => {
    const language = documentLanguage(kind, row);
    const url = `/api/shipments/${row.id}/documents/${kind}`;
    const copy = reader !== language && hasReaderCopy(kind) ? { language: reader, url: `${url}?language=${reader}` } : null;
    return { kind, url, language, copy };
  });
}

export function presentPayment(row: ShipmentRow, facts: PaymentFacts): PaymentView {
  return {
    state: row.paymentState,
    due_at: row.paymentState === 'awaiting' ? iso(row.paymentDueAt) : null,
    can_extend: row.paymentState === 'awaiting' && !row.paymentExtendedAt,
    amount_cents: row.totalCents,
    hold_cents: facts.holdCents,
    card_last4: facts.cardLast4,
    paid_at: iso(row.paidAt),
    credit_memo: facts.creditMemo ?? null,
  };
}

/** Where customs have a shipment across a border still on its way, read from its events (oldest first); null otherwise. */
function customsStageOf(row: ShipmentRow, events: readonly ShipmentEventRow[]): ShipmentView['customs_stage'] {
  if (!row.crossing || FINAL_STATUSES.includes(row.status)) return null;
  const oldestFirst = [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  const { stage, since } = customsStage(customsFactsOf({ ...row, crossing: row.crossing }, oldestFirst));
  return { stage, since: since.toISOString() };
}

/** A shipment in full (GET /api/shipments/:id and the answers of booking, cancel and payment). */
export function presentShipment(
  row: ShipmentRow,
  events: ShipmentEventRow[],
  facts: PaymentFacts,
  language: Language,
  /** A truckload's equipment name (its service is the type's code), in the reader's language. */
  serviceName: string | null = null,
  /** The team's users who booked and approved it. */
  people: People,
  /** A reader who may see the account's cost (staff, by marginAccess) lists the cost's documents (the rate confirmation) too. */
  seesCost = false,
): ShipmentView {
  const { origin: _origin, destination: _destination, ...item } = listItem(row, people);
  return {
    ...item,
    quote_id: row.quoteId,
    approved_by: personOf(people, row.approvedBy, row.accountId),
    service: row.service,
    service_name: serviceName,
    pickup_number: row.pickupNumber,
    delivery_confirmation_number: row.deliveryConfirmationNumber,
    transit_days: row.transitDays,
    crossing: row.crossing ? crossingView(row.crossing) : null,
    customs: row.customs ?? null,
    customs_stage: customsStageOf(row, events),
    customs_entry_number: row.customsEntryNumber,
    customs_version: row.customsVersion,
    ready_time: row.readyTime,
    close_time: row.closeTime,
    delivery_appointment: row.deliveryAppointment,
    delivery_date: row.deliveryDate,
    pickup: row.pickup as PlaceView,
    delivery: deliveryPlaceOf(row),
    stops: stopsOf(row),
    notes: row.notes,
    pickup_note: (row.pickupNote as ParcelPickupNote | null) ?? null,
    parcel_options: (row.parcelOptions as ParcelOptions | null) ?? null,
    temperature: (row.temperature as TemperatureRange | null) ?? null,
    hazardous: row.hazardous,
    hazmat: (row.hazmat as HazmatDetails | null) ?? null,
    items: row.items as ShipmentItemView[],
    accessorials: row.accessorials,
    charges: (row.charges as ChargeLine[]).map(
      (c): ChargeView => ({ code: c.code, label: chargeLabel(c, language), amount_cents: c.amount_cents }),
    ),
    declared_value_cents: row.declaredValueCents,
    insurance: (row.insurance as ShipmentView['insurance']) ?? null,
    payment: presentPayment(row, facts),
    notify_consignee: row.notifyConsignee,
    documents: shipmentDocuments(row, language, seesCost),
    // Signed with APP_KEY: the shipments service fills it in (shipmentsService.view).
    confirmation_path: null,
    events: events.map(presentEvent),
    action_message: row.actionRequired ? row.actionMessage : null,
    canceled_at: iso(row.canceledAt),
    delivered_at: iso(row.deliveredAt),
  };
}

export function presentShipmentPage(
  { rows, people, total, capped }: { rows: ShipmentRow[]; people: People; total: number; capped: boolean },
  page: number,
  perPage: number,
): Paginated<ShipmentListItem> {
  return { data: rows.map((row) => listItem(row, people)), meta: pageMeta(total, page, perPage, capped) };
}

/** The shipment as a carrier's cancel and tracking see it. */
export function trackedShipment(row: ShipmentRow): TrackedShipment {
  return {
    id: row.id,
    bol_number: row.bolNumber,
    pro_number: row.proNumber,
    mode: row.mode,
    pickup_date: row.pickupDate,
    ready_time: row.readyTime,
    transit_days: row.transitDays,
    estimated_delivery: row.estimatedDelivery,
    origin: { city: row.originCity, state: row.originState, country: row.originCountry },
    destination: { city: row.destinationCity, state: row.destinationState, country: row.destinationCountry },
    crossing: row.crossing ?? null,
    customs_corrected_at: row.customsCorrectedAt?.toISOString() ?? null,
  };
}
