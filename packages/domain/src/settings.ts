/** The choices a user makes in settings. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

export const CURRENCIES = ['USD', 'CAD', 'MXN'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const RECORDS_PER_PAGE = [10, 25, 50, 100] as const;

export const INSURANCE_PREFERENCES = ['default', 'insured_only', 'uninsured_only'] as const;
export type InsurancePreference = (typeof INSURANCE_PREFERENCES)[number];

export const SHIPPING_MODES = ['default', 'ltl', 'parcel', 'truckload'] as const;
export type ShippingModePreference = (typeof SHIPPING_MODES)[number];

export const SUBSCRIPTIONS = ['smart_shipper_tips', 'customer_service', 'weekly_industry_update'] as const;
export type Subscription = (typeof SUBSCRIPTIONS)[number];

export const COUNTRIES = ['US', 'CA', 'MX'] as const;
export type Country = (typeof COUNTRIES)[number];

export interface UserSettings {
  language: Language;
  unit_system: UnitSystem;
  currency: Currency;
  records_per_page: number;
  insurance_preference: InsurancePreference;
  preferred_mode: ShippingModePreference;
  subscriptions: Record<Subscription, boolean>;
}

export const DEFAULT_SETTINGS: UserSettings = {
  language: 'en',
  unit_system: 'imperial',
  currency: 'USD',
  records_per_page: 25,
  insurance_preference: 'default',
  preferred_mode: 'default',
  subscriptions: { smart_shipper_tips: true, customer_service: true, weekly_industry_update: false },
};
