import type { QuoteMode, QuoteRequestInput } from '@freight/contracts';
import { PACKAGE_TYPES, SIGNATURE_OPTIONS, SITE_TYPES, type SignatureChoice } from '@freight/contracts';
import {
  COUNTRIES,
  type Country,
  CURRENCIES,
  type Currency,
  REQUESTABLE_ACCESSORIALS,
  TRUCKLOAD_STOP_KINDS,
  type TruckloadStopKind,
  UNIT_SYSTEMS,
  type UnitSystem,
} from '@freight/domain';
import { PORT_CODES, type PortCode, portOnLane } from '@freight/domain/rating/ports';
import { mergeCombined } from './combine';
import type { ItemValues, PackageType } from './itemValues';
import { type NumberValue, optionalText, toNumber } from './parse';

export type { ItemValues, PackageType } from './itemValues';

/**
 * The form's own values and their mapping to and from the quote request (contracts
 * `quoteRequest`). Numbers are kept as Mantine NumberInput gives them (number, or '' / a partial
 * string while typing) and parsed only when the request is built.
 */

export type SiteType = (typeof SITE_TYPES)[number];
export type AccessorialCode = (typeof REQUESTABLE_ACCESSORIALS)[number];
/** Which page the form serves: LTL & Small Package / Quote & Ship, or Truckload. */
export type FormKind = 'ltl_parcel' | 'truckload';
/** How the LTL & Small Package pages settle the mode: 'auto' asks when the cargo fits both. */
export type ModePick = 'auto' | 'ltl' | 'parcel';

/** The request the form produces (`signature` is sent for parcel only). */
export type ShipmentRequest = QuoteRequestInput;

export interface PlaceValues {
  postal_code: string;
  country: Country;
  site_type: SiteType;
}

/** A truckload's extra stop between pickup and delivery (TruckloadStops). */
export interface StopValues {
  /** Stable id of the stop in the form (React key); never sent. */
  key: string;
  kind: TruckloadStopKind | '';
  postal_code: string;
  country: Country;
}

export interface FormValues {
  mode_pick: ModePick;
  pickup_date: string;
  origin: PlaceValues;
  destination: PlaceValues;
  items: ItemValues[];
  accessorials: AccessorialCode[];
  insured_value: NumberValue;
  currency: Currency;
  unit_system: UnitSystem;
  /** A truckload equipment type's code (types are data: the server checks it), or '' before one is chosen. */
  equipment_type: string;
  signature: SignatureChoice;
  /** Truckload only, in route order. */
  stops: StopValues[];
  /** Across a border: the port of entry chosen, '' for each carrier's nearest. */
  port_of_entry: PortCode | '';
}

let keySeq = 0;
export const newKey = () => `item-${++keySeq}`;

/** A new extra stop: a drop in the pickup's country, the postal code to type. */
export const emptyStop = (country: Country = 'US'): StopValues => ({ key: newKey(), kind: 'drop', postal_code: '', country });

export function emptyItem(): ItemValues {
  return {
    key: newKey(),
    package_type: '',
    quantity: 1,
    length: '',
    width: '',
    height: '',
    weight: '',
    stackable: true,
    hazardous: false,
    freight_class: '',
    nmfc: '',
    description: '',
    combine_with: null,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoLocalDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export interface Defaults {
  unit_system: UnitSystem;
  currency: Currency;
  mode_pick: ModePick;
}

export function defaultValues(d: Defaults): FormValues {
  return {
    mode_pick: d.mode_pick,
    // The server proposes the date (PickupDateField): the browser knows no holidays or cut-off.
    pickup_date: '',
    origin: { postal_code: '', country: 'US', site_type: 'business' },
    destination: { postal_code: '', country: 'US', site_type: 'business' },
    items: [emptyItem()],
    accessorials: [],
    insured_value: '',
    currency: d.currency,
    unit_system: d.unit_system,
    equipment_type: '',
    signature: 'none',
    stops: [],
    port_of_entry: '',
  };
}

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : fallback;

/** Form values of a saved or re-run quote's `inputs` (missing parts from the defaults). */
export function fromRequest(r: ShipmentRequest, d: Defaults): FormValues {
  const base = defaultValues(d);
  const place = (p: QuoteRequestInput['origin'] | undefined, fallback: PlaceValues): PlaceValues => ({
    postal_code: p?.postal_code ?? '',
    country: oneOf(COUNTRIES, p?.country, fallback.country),
    site_type: oneOf(SITE_TYPES, p?.site_type, 'business'),
  });
  const items = (r.items ?? []).map(
    (i): ItemValues => ({
      key: newKey(),
      package_type: oneOf<PackageType | ''>(PACKAGE_TYPES, i.package_type, ''),
      quantity: i.quantity ?? 1,
      length: i.length ?? '',
      width: i.width ?? '',
      height: i.height ?? '',
      weight: i.weight ?? '',
      stackable: i.stackable ?? true,
      hazardous: i.hazardous ?? false,
      freight_class: i.freight_class === undefined ? '' : String(i.freight_class),
      nmfc: i.nmfc ?? '',
      description: i.description ?? '',
      combine_with: null,
    }),
  );
  const modePick: Record<QuoteMode, ModePick> = { ltl: 'ltl', parcel: 'parcel', truckload: d.mode_pick };
  return {
    ...base,
    mode_pick: modePick[r.mode] ?? d.mode_pick,
    pickup_date: r.pickup_date ?? base.pickup_date,
    origin: place(r.origin, base.origin),
    destination: place(r.destination, base.destination),
    items: items.length ? items : base.items,
    accessorials: (r.accessorials ?? []).filter((a): a is AccessorialCode => (REQUESTABLE_ACCESSORIALS as readonly string[]).includes(a)),
    insured_value: r.insured_value ?? '',
    currency: oneOf(CURRENCIES, r.currency, d.currency),
    unit_system: oneOf(UNIT_SYSTEMS, r.unit_system, d.unit_system),
    equipment_type: typeof r.equipment_type === 'string' ? r.equipment_type : '',
    signature: oneOf<SignatureChoice>(SIGNATURE_OPTIONS, r.signature, 'none'),
    stops: (r.stops ?? []).map((stop) => ({
      key: newKey(),
      kind: oneOf<TruckloadStopKind | ''>(TRUCKLOAD_STOP_KINDS, stop.kind, ''),
      postal_code: stop.postal_code ?? '',
      country: oneOf(COUNTRIES, stop.country, 'US'),
    })),
    port_of_entry: oneOf<PortCode | ''>(PORT_CODES, r.port_of_entry, ''),
  };
}

export const normalizePostalCode = (code: string) => code.trim().toUpperCase();

export interface BuiltRequest {
  request: ShipmentRequest;
  /** For each request item, the form key of the line it came from (to map 422 errors back). */
  lineKeys: string[];
}

/**
 * The request for `mode`: combined lines merged (combine.ts), numbers parsed (an unparsable
 * number stays out, so the contract reports it), site-type accessorials kept as chosen, the
 * signature only for parcel, the equipment and the extra stops only for truckload.
 */
export function toRequest(values: FormValues, mode: QuoteMode, clientRef?: string): BuiltRequest {
  const { items, lineKeys } = mergeCombined(values.items, mode !== 'truckload');
  const request: ShipmentRequest = {
    mode,
    pickup_date: values.pickup_date,
    origin: { ...values.origin, postal_code: normalizePostalCode(values.origin.postal_code) },
    destination: { ...values.destination, postal_code: normalizePostalCode(values.destination.postal_code) },
    items,
    accessorials: mode === 'ltl' ? REQUESTABLE_ACCESSORIALS.filter((a) => values.accessorials.includes(a)) : [],
    insured_value: toNumber(values.insured_value) as number,
    currency: values.currency,
    unit_system: values.unit_system,
  };
  if (mode === 'truckload' && values.equipment_type) request.equipment_type = values.equipment_type;
  if (mode === 'truckload' && values.stops.length) {
    // An unchosen kind stays out, so the contract says 'Field is required'.
    request.stops = values.stops.map(({ kind, postal_code, country }) => ({
      ...(kind ? { kind } : {}),
      postal_code: normalizePostalCode(postal_code),
      country,
    })) as ShipmentRequest['stops'];
  }
  if (mode === 'parcel') request.signature = values.signature;
  // A port chosen for another border (the countries changed since) is not sent.
  if (values.port_of_entry && portOnLane(values.port_of_entry, values.origin.country, values.destination.country))
    request.port_of_entry = values.port_of_entry;
  const ref = clientRef ? optionalText(clientRef, 64) : undefined;
  if (ref) request.client_ref = ref;
  return { request, lineKeys };
}
