import {
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

/** Billing and account address modals: a contact plus a postal address (spec sections 2 and 5). */
export const accountAddress = contact.extend({ company: optionalText(160) }).and(address);
export type AccountAddress = z.output<typeof accountAddress>;
