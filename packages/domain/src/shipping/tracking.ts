/**
 * The portal's tracking statuses and the X12 214 shipment status codes
 * (AT7-01) that lead to them.
 */
export const SHIPMENT_STATUSES = ['pending', 'dispatched', 'in_transit', 'delayed', 'delivered', 'canceled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Statuses after which a shipment no longer moves: events stop changing them. */
export const FINAL_STATUSES: readonly ShipmentStatus[] = ['delivered', 'canceled'];

/** A shipment can be canceled by the shipper only before the carrier has the freight. */
export const CANCELABLE_STATUSES: readonly ShipmentStatus[] = ['pending', 'dispatched'];

const STATUS_BY_214_CODE: Record<string, ShipmentStatus> = {
  XB: 'dispatched',
  X3: 'dispatched',
  AA: 'dispatched',
  AF: 'in_transit',
  CP: 'in_transit',
  P1: 'in_transit',
  X4: 'in_transit',
  I1: 'in_transit',
  J1: 'in_transit',
  R1: 'in_transit',
  RH: 'in_transit',
  X6: 'in_transit',
  AG: 'in_transit',
  X2: 'in_transit',
  X1: 'in_transit',
  X5: 'in_transit',
  SD: 'delayed',
  AH: 'delayed',
  A7: 'delayed',
  A9: 'delayed',
  D1: 'delivered',
  CD: 'delivered',
  CA: 'canceled',
};

/** Every 214 status code the portal understands. */
export const EDI_214_STATUS_CODES = Object.keys(STATUS_BY_214_CODE);

/** 214 reason code (AT7-02) for a normal event; any other reason means the shipment is delayed. */
export const NORMAL_REASON = 'NS';

/** Events that need the shipper to act: an attempted, refused or damaged delivery. */
const ACTION_REQUIRED_CODES = new Set(['AH', 'A7', 'A9']);

/**
 * Reasons (AT7-02) a customs office holds freight until someone sends it what is missing: improper
 * international paperwork, customs documentation problems, no way to reach the consignee about its
 * broker, missing documents, customs (import or export). Held at the border the shipment needs the
 * shipper to act; a border clearance delay (BD) alone does not.
 */
const CUSTOMS_HOLD_REASONS = new Set(['AR', 'AS', 'AT', 'BC', 'CA']);

/** Whether an event says customs hold the freight for a document: a moving event with a customs hold reason. */
export function isCustomsHold(statusCode: string, reasonCode?: string | null): boolean {
  const status = STATUS_BY_214_CODE[statusCode.trim().toUpperCase()];
  return (
    Boolean(status) &&
    !FINAL_STATUSES.includes(status as ShipmentStatus) &&
    CUSTOMS_HOLD_REASONS.has(reasonCode?.trim().toUpperCase() ?? '')
  );
}

export interface Mapped214 {
  status: ShipmentStatus;
  actionRequired: boolean;
}

/**
 * The portal status of one 214 event, or null for a status code the portal does not know.
 * A reason code other than NS turns any moving status into Delayed (a delivered or canceled
 * shipment stays so); a customs hold also needs the shipper to act.
 */
export function map214(statusCode: string, reasonCode?: string | null): Mapped214 | null {
  const code = statusCode.trim().toUpperCase();
  const status = STATUS_BY_214_CODE[code];
  if (!status) return null;
  const reason = reasonCode?.trim().toUpperCase();
  const abnormal = Boolean(reason) && reason !== NORMAL_REASON;
  const delayed = abnormal && !FINAL_STATUSES.includes(status);
  return {
    status: delayed ? 'delayed' : status,
    actionRequired: ACTION_REQUIRED_CODES.has(code) || (delayed && CUSTOMS_HOLD_REASONS.has(reason ?? '')),
  };
}
