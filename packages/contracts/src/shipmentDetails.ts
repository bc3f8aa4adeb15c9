import { COUNTRIES, CURRENCIES, LANGUAGES } from '@freight/domain';
import { INCOTERMS, ORIGIN_CRITERIA, SAT_UNITS } from '@freight/domain/customs';
import { z } from 'zod';
import type { CustomsView } from './customs';
import type { DeliveryWindowView } from './deliveryWindows';
import {
  DOCUMENT_KINDS,
  type HazmatDetails,
  INSURANCE_CHOICES,
  PARCEL_HANDOFFS,
  PARCEL_SIGNATURES,
  type ParcelOptions,
  REEFER_RUNS,
  type ShipmentDocument,
  type TemperatureRange,
} from './shipments';
import { type UsmcaCertificationSnapshot, usmcaCertifierView } from './usmca';

/*
 * What a shipment in full (ShipmentView, shipmentViews.ts) answers of what was asked at booking
 * (the customs declaration, a parcel's options, a reefer's range, the hazmat details) and of what
 * the portal adds (its documents, its delivery window). The booking's own schemas (shipments.ts,
 * customs.ts) trim, default and refuse; these only check an answer, so each is an output schema of
 * its own, held to the type the rest of the code uses (`satisfies`).
 */

/** A shipping document as a download (ShipmentDocument). */
export const shipmentDocumentView = z.strictObject({
  kind: z.enum(DOCUMENT_KINDS),
  url: z.string().meta({ description: 'The PDF (the Carta Porte: its XML) in `language`' }),
  language: z
    .enum(LANGUAGES)
    .meta({ description: "The language of who reads it at work: the carrier's (customs' at the destination for the commercial invoice)" }),
  copy: z
    .strictObject({ language: z.enum(LANGUAGES), url: z.string() })
    .nullable()
    .meta({ description: "The same document in the reader's language when that differs and the document has one; null otherwise" }),
}) satisfies z.ZodType<ShipmentDocument>;

/** A parcel's handoff, signature and residential delivery (ParcelOptions). */
export const parcelOptionsView = z.strictObject({
  handoff: z.enum(PARCEL_HANDOFFS).meta({ description: '`pickup` within `ready_time` and `close_time`, or `drop_off` by the shipper' }),
  signature: z.enum(PARCEL_SIGNATURES),
  residential: z.boolean().meta({ description: 'Delivered to a home' }),
}) satisfies z.ZodType<ParcelOptions>;

/** A reefer truckload's range (TemperatureRange). */
export const temperatureView = z.strictObject({
  low_f: z.int().meta({ description: 'Whole °F' }),
  high_f: z.int().meta({ description: 'Whole °F' }),
  run: z.enum(REEFER_RUNS).meta({ description: 'Whether the unit runs continuously or cycles' }),
}) satisfies z.ZodType<TemperatureRange>;

/** Hazardous materials details (HazmatDetails). */
export const hazmatView = z.strictObject({
  proper_name: z.string().meta({ description: 'The proper shipping name' }),
  hazard_class: z.string(),
  un_number: z.string().meta({ description: '`UN` or `NA` and four digits, e.g. `UN1263`' }),
  packing_group: z.enum(['I', 'II', 'III', '']).meta({ description: "'' for none" }),
  emergency_contact: z.string(),
  emergency_phone: z.string(),
}) satisfies z.ZodType<HazmatDetails>;

/** An insurance option: as a quote offers it, or as bought with the booking (its premium is then a charge line). */
export const insuranceView = z.strictObject({
  kind: z.enum(INSURANCE_CHOICES).meta({
    description:
      "`none`: the carrier's liability only; `first_tier` or `full`: cargo insurance (a booking without it has `insurance: null`)",
  }),
  premium_cents: z.int(),
  coverage_cents: z.int(),
  deductible_cents: z.int(),
  online: z.boolean().optional().meta({
    description: 'false: cover above the online maximum, bought by phone; absent on older quotes (online). Always true on a booking',
  }),
});

/** The window a shipment on its way can expect (DeliveryWindowView, docs/delivery-windows.md). */
export const deliveryWindowView = z.strictObject({
  source: z.enum(['history', 'promise']).meta({
    description: "`history`: learned from `sample` delivered shipments on the carrier's lane; `promise`: the carrier's quoted transit",
  }),
  typical_days: z.int().meta({ description: 'Business days after pickup it typically takes' }),
  late_days: z.int().meta({ description: 'Business days after pickup past which it is late' }),
  sample: z.int(),
  typical_date: z.iso.date(),
  late_date: z.iso.date(),
}) satisfies z.ZodType<DeliveryWindowView>;

/** What a shipment's certification of origin was signed under (UsmcaCertificationSnapshot). */
const usmcaCertificationSnapshotView = usmcaCertifierView.extend({
  blanket_from: z.union([z.iso.date(), z.literal('')]).meta({ description: "The blanket period covering the pickup date; '' for none" }),
  blanket_to: z.union([z.iso.date(), z.literal('')]),
  signed_on: z.iso.date().meta({ description: 'The day of booking, at the pickup' }),
}) satisfies z.ZodType<UsmcaCertificationSnapshot>;

/** A shipment's customs declaration as booked (CustomsView), corrected lines included. */
export const customsView = z.strictObject({
  incoterm: z.enum(INCOTERMS),
  currency: z.enum(CURRENCIES).meta({ description: 'ISO 4217 code of the declared values' }),
  items: z
    .array(
      z.strictObject({
        hs_code: z.string().meta({ description: '6, 8 or 10 digits, without dots' }),
        origin_country: z.string().meta({ description: 'ISO 3166 alpha-2 code of where the good originates (any country)' }),
        unit_value_cents: z.int().meta({ description: "One unit's value, in cents of `currency`" }),
        usmca: z.boolean().meta({ description: 'Claimed under USMCA (duty free)' }),
        origin_criterion: z
          .enum(ORIGIN_CRITERIA)
          .nullable()
          .meta({ description: 'Why a good claimed under USMCA originates; null otherwise' }),
        sat_key: z.string().optional().meta({
          description: "To or from Mexico: the Carta Porte's SAT goods key; '' elsewhere; absent on lines booked before it was asked",
        }),
        sat_unit: z
          .enum(SAT_UNITS)
          .nullable()
          .optional()
          .meta({ description: 'To or from Mexico: the SAT unit it is counted in; null elsewhere' }),
      }),
    )
    .meta({ description: "One per item of the shipment, in the items' order" }),
  brokers: z
    .array(
      z.strictObject({
        country: z.enum(COUNTRIES).meta({ description: 'The side of the border it clears' }),
        ours: z.boolean().meta({ description: "The provider's broker (a charge line); false: the shipper's own, named here" }),
        company: z.string(),
        contact_name: z.string(),
        phone: z.string(),
        email: z.string(),
      }),
    )
    .meta({ description: 'One per side of the border' }),
  tax_id: z.string().meta({ description: "To or from Mexico: the Mexican party's RFC; '' elsewhere" }),
  certification: usmcaCertificationSnapshotView.nullable().optional().meta({
    description:
      'The USMCA certification of origin it was signed under when a line claims USMCA; null otherwise; absent on declarations booked before they were kept',
  }),
}) satisfies z.ZodType<CustomsView>;
