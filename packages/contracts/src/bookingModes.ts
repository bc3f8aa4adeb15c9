import type { ParcelOptions, ParcelPickupNote } from './shipments';

/**
 * The booking rules that depend on what was quoted: the mode (a parcel is asked parcel questions,
 * LTL and truckload the dock questions), the parcel signature and residential delivery the rates
 * priced, and whether the truckload's equipment is temperature-controlled. The server answers
 * them as 422s; the Book step says them before sending, with the same keys.
 */
export interface QuotedFacts {
  mode: 'ltl' | 'parcel' | 'truckload';
  /** The parcel signature option the rates include. */
  signature: 'none' | 'signature' | 'adult_signature';
  /** The rates include residential delivery (the quote's delivery site type). */
  residential: boolean;
  /** The truckload's equipment keeps a temperature (a reefer). */
  temperatureControlled: boolean;
}

/** The answers the rules read; the range's own checks are the contract's (only whether one is given counts here). */
interface ModeFields {
  ready_time?: string;
  close_time?: string;
  delivery_appointment?: boolean;
  delivery_date?: string;
  residential_or_liftgate?: boolean;
  parcel_options?: ParcelOptions;
  temperature?: unknown;
  pickup_note?: ParcelPickupNote;
}

/** How the parcel carrier gets the packages, said its way: dropped off, the mail carrier (USPS), or a scheduled pickup. */
export function parcelPickupNote(handoff: 'pickup' | 'drop_off', carrier: { scac: string; carrier_name: string }): ParcelPickupNote {
  if (handoff === 'drop_off') return 'shipper_drops_off';
  if (carrier.scac.toUpperCase() === 'USPS' || /\bUSPS\b/i.test(carrier.carrier_name)) return 'mail_carrier_picks_up';
  return 'pickup_confirmed';
}

/** Field errors (i18n keys, by path) of the booking for what was quoted; {} when it fits. */
export function bookingModeErrors(b: ModeFields, quoted: QuotedFacts, carrier: { scac: string; carrier_name: string }) {
  const errors: Record<string, string> = {};
  const window = (required: boolean, refusal: string) => {
    for (const field of ['ready_time', 'close_time'] as const) {
      // A blank or malformed time is the contract's to say ('Please enter a valid time').
      if (required && b[field] === undefined) errors[field] = 'validation.required';
      if (!required && b[field] !== undefined) errors[field] = refusal;
    }
  };
  if (quoted.mode === 'parcel') {
    for (const field of ['delivery_appointment', 'delivery_date', 'residential_or_liftgate'] as const) {
      if (b[field] !== undefined) errors[field] = 'validation.not_for_parcel';
    }
    if (b.temperature) errors.temperature = 'validation.reefer_only';
    const options = b.parcel_options;
    if (!options) {
      errors.parcel_options = 'validation.required';
      return errors;
    }
    window(options.handoff === 'pickup', 'validation.drop_off_no_window');
    if (options.signature !== quoted.signature) errors['parcel_options.signature'] = 'validation.requote_signature';
    if (options.residential !== quoted.residential) errors['parcel_options.residential'] = 'validation.requote_residential';
    if (b.pickup_note && b.pickup_note !== parcelPickupNote(options.handoff, carrier))
      errors.pickup_note = 'validation.pickup_note_handoff';
    return errors;
  }
  if (b.parcel_options) errors.parcel_options = 'validation.parcel_only';
  window(true, 'validation.required');
  if (b.residential_or_liftgate === undefined) errors.residential_or_liftgate = 'validation.required';
  const reefer = quoted.mode === 'truckload' && quoted.temperatureControlled;
  if (reefer && !b.temperature) errors.temperature = 'validation.required';
  if (!reefer && b.temperature) errors.temperature = 'validation.reefer_only';
  return errors;
}
