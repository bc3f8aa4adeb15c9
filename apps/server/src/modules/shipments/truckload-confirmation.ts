import type { PlaceView, ShipmentItemView, ShipmentReference, TruckloadConfirmationView } from '@freight/contracts';
import { nameOfParts } from '../../people';
import { signedByAppKey } from '../../security/app-keys';
import { hmac } from '../../security/tokens';
import type { ShipmentRow } from './shipments.repository';
import { deliveryPlaceOf, stopsOf } from './truckload-stops';

/**
 * The truckload confirmation's public link (spec: a public page), for the consignee and whoever
 * the shipper sends it to. The link carries the shipment id with a signature from APP_KEY, so it
 * cannot be guessed from a BOL number and needs no column; no prices are shown through it.
 */
const SIGNATURE_LENGTH = 32;
const signed = (shipmentId: string) => `truckload-confirmation:${shipmentId}`;
const signature = (appKey: string, shipmentId: string) => hmac(appKey, signed(shipmentId)).slice(0, SIGNATURE_LENGTH);

export const confirmationToken = (appKey: string, shipmentId: string) => `${shipmentId}.${signature(appKey, shipmentId)}`;
export const confirmationPath = (appKey: string, shipmentId: string) => `/truckload-confirmation/${confirmationToken(appKey, shipmentId)}`;

/** The shipment id a token was signed for, or undefined when the signature does not match. */
export function shipmentIdOfToken(appKey: string, token: string): string | undefined {
  const [id, sig, ...rest] = token.split('.');
  if (!id || !sig || rest.length > 0) return undefined;
  // Links mailed before an APP_KEY rotation keep working.
  return signedByAppKey(appKey, signed(id), sig, SIGNATURE_LENGTH) ? id : undefined;
}

/** A place as the confirmation shows it: who and where, with the contact the driver calls. */
const placeOf = (p: PlaceView) => ({
  company: p.company,
  contact: nameOfParts(p.first_name, p.last_name),
  phone: p.phone,
  street1: p.street1,
  street2: p.street2,
  city: p.city,
  state: p.state,
  postal_code: p.postal_code,
  country: p.country,
  interior_number: p.interior_number,
  exterior_number: p.exterior_number,
  neighborhood: p.neighborhood,
  opens_at: p.opens_at,
  closes_at: p.closes_at,
});

/** `equipmentName`: the type's name in the reader's language (staff keep the names), null when unknown. */
export function presentTruckloadConfirmation(row: ShipmentRow, equipmentName: string | null = null): TruckloadConfirmationView {
  const items = row.items as ShipmentItemView[];
  return {
    bol_number: row.bolNumber,
    pro_number: row.proNumber,
    pickup_number: row.pickupNumber,
    status: row.status,
    carrier_name: row.carrierName,
    scac: row.scac,
    equipment_type: row.service,
    equipment_name: equipmentName,
    pickup_date: row.pickupDate,
    ready_time: row.readyTime,
    close_time: row.closeTime,
    delivery_date: row.deliveryDate,
    delivery_appointment: row.deliveryAppointment,
    estimated_delivery: row.shownEstimatedDelivery,
    pickup: placeOf(row.pickup as PlaceView),
    delivery: placeOf(deliveryPlaceOf(row)),
    stops: stopsOf(row).map((s) => ({ ...s, place: placeOf(s.place) })),
    reference_type: row.referenceType as TruckloadConfirmationView['reference_type'],
    reference_number: row.referenceNumber,
    references: row.references as ShipmentReference[],
    pieces: items.reduce((n, i) => n + i.quantity, 0),
    weight_lb: Math.round(items.reduce((n, i) => n + i.quantity * i.weight_lb, 0)),
    hazardous: row.hazardous,
    notes: row.notes,
  };
}
