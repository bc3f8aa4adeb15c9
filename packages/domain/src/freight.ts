/**
 * Freight vocabulary shared by the rating engine, the API contracts and the web forms. Plain data with no dependencies, so the web can import it from the main entry.
 */

/** The 18 NMFC freight classes. */
export const NMFC_CLASSES = [50, 55, 60, 65, 70, 77.5, 85, 92.5, 100, 110, 125, 150, 175, 200, 250, 300, 400, 500] as const;
export type FreightClass = (typeof NMFC_CLASSES)[number];

/** Accessorials a shipper may ask for. */
export const REQUESTABLE_ACCESSORIALS = [
  'appointment',
  'freeze_protection',
  'inside_delivery',
  'inside_pickup',
  'liftgate_pickup',
  'liftgate_delivery',
  'notify_prior_to_arrival',
  'sort_and_segregate',
  'trade_show_delivery',
  'trade_show_pickup',
  'residential_delivery',
  'residential_pickup',
  'limited_access_pickup',
  'limited_access_delivery',
] as const;

/** Every accessorial a tariff prices: the requestable ones, plus those the engine adds itself. */
export const ACCESSORIAL_CODES = [...REQUESTABLE_ACCESSORIALS, 'nyc_metro', 'hazmat'] as const;
export type AccessorialCode = (typeof ACCESSORIAL_CODES)[number];
