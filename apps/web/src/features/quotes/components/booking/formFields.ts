import { type CustomsValues, customsFieldOrder } from './customsModel';

/*
 * The booking form's fields by path, top to bottom, and their inputs' DOM ids: where an error is
 * shown, and which field the first one focuses.
 */

const PLACE_FIELDS = [
  'company',
  'first_name',
  'last_name',
  'email',
  'phone',
  'street1',
  'street2',
  'exterior_number',
  'interior_number',
  'neighborhood',
  'city',
  'state',
  'postal_code',
  'country',
  'opens_at',
  'closes_at',
];
const STOP_FIELDS = ['date', 'appointment', 'time_from', 'time_to'];

/**
 * The form's fields, top to bottom (the extra stops after pickup and delivery): an error on one of
 * them is shown under it. The stops' list and the hazmat details as a whole have no field: their
 * errors are listed above the Book button.
 */
export const fieldOrder = (stopCount: number, referenceCount = 1, customs: CustomsValues | null = null): string[] => [
  ...(['pickup', 'delivery'] as const).flatMap((end) => PLACE_FIELDS.map((f) => `${end}.${f}`)),
  ...Array.from({ length: stopCount }, (_, n) => [
    ...PLACE_FIELDS.map((f) => `stops.${n}.place.${f}`),
    ...STOP_FIELDS.map((f) => `stops.${n}.${f}`),
  ]).flat(),
  'pickup_date',
  'parcel.handoff',
  'ready_time',
  'close_time',
  'delivery_appointment',
  'delivery_date',
  'residential_or_liftgate',
  'parcel.signature',
  'temperature.low',
  'temperature.high',
  'temperature.run',
  ...customsFieldOrder(customs),
  'references',
  ...Array.from({ length: referenceCount }, (_, n) => [`references.${n}.type`, `references.${n}.value`]).flat(),
  'notes',
  'hazardous',
  'hazmat.proper_name',
  'hazmat.hazard_class',
  'hazmat.un_number',
  'hazmat.packing_group',
  'hazmat.emergency_contact',
  'hazmat.emergency_phone',
  'notify_consignee',
  'disclaimer_accepted',
];

/** The DOM id of a field's input. */
export const fieldId = (path: string) => `booking-${path.replace(/\./g, '-')}`;
