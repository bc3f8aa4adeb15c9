import {
  COUNTRIES,
  CURRENCIES,
  INSURANCE_PREFERENCES,
  LANGUAGES,
  RECORDS_PER_PAGE,
  SHIPPING_MODES,
  SUBSCRIPTIONS,
  UNIT_SYSTEMS,
} from '@freight/domain';
import { z } from 'zod';
import { address, choice, contact, optionalText } from './fields';

export const settingsUpdate = z.object({
  language: choice(LANGUAGES),
  unit_system: choice(UNIT_SYSTEMS),
  currency: choice(CURRENCIES),
  records_per_page: z.number({ error: 'validation.choice' }).refine((n) => (RECORDS_PER_PAGE as readonly number[]).includes(n), {
    error: 'validation.choice',
  }),
  insurance_preference: choice(INSURANCE_PREFERENCES),
  preferred_mode: choice(SHIPPING_MODES),
  subscriptions: z.object(
    Object.fromEntries(SUBSCRIPTIONS.map((s) => [s, z.boolean()])) as Record<(typeof SUBSCRIPTIONS)[number], z.ZodBoolean>,
  ),
});
/** PUT /api/settings takes any subset of the settings. */
export const settingsPatch = settingsUpdate.partial();
export type SettingsPatch = z.input<typeof settingsPatch>;

/** Billing and account address modals: a contact plus a postal address. */
export const accountAddress = contact.extend({ company: optionalText(160) }).and(address);
export type AccountAddress = z.output<typeof accountAddress>;

/**
 * PUT /api/settings/sms: the user's own mobile number for text alerts, typed as people type it
 * ('' removes it). The server reads it in the account's country unless it starts with +, and keeps
 * it in E.164 form; what is no number of the US, Canada or Mexico is 'Enter valid number'.
 */
export const smsSettingUpdate = z.object({
  mobile_number: z.string({ error: 'validation.phone' }).trim().max(40, { error: 'validation.phone' }),
});
export type SmsSettingUpdate = z.input<typeof smsSettingUpdate>;

/** GET/PUT /api/settings/sms: the number as kept and as shown, and whether it answered STOP. */
export const smsSettingView = z.strictObject({
  mobile_number: z.string().nullable().meta({ description: "E.164 ('+13125550100'); null when none is set" }),
  display: z
    .string()
    .nullable()
    .meta({ description: "As its owner reads it: '(312) 555-0100' in the account's country, '+52 81 1234 5678' otherwise" }),
  default_country: z.enum(COUNTRIES).meta({ description: 'Where a number typed without a +country code is read' }),
  opted_out: z.boolean().meta({ description: 'The number texted STOP: it gets no alerts until it texts START' }),
});
export type SmsSettingView = z.output<typeof smsSettingView>;
