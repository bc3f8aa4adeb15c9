import {
  COUNTRIES,
  CURRENCIES,
  CUSTOMER_PERMISSIONS,
  CUSTOMER_ROLES,
  INSURANCE_PREFERENCES,
  LANGUAGES,
  PAYMENT_TERMS,
  ROLES,
  SHIPPING_MODES,
  SUBSCRIPTIONS,
  UNIT_SYSTEMS,
} from '@freight/domain';
import { z } from 'zod';

/** An account's address or billing address as kept: a contact and a postal address. */
export const accountAddressView = z.strictObject({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.enum(COUNTRIES),
});

/** The user's own preferences (PUT /api/settings changes them). */
export const userSettingsView = z.strictObject({
  language: z.enum(LANGUAGES),
  unit_system: z.enum(UNIT_SYSTEMS),
  currency: z.enum(CURRENCIES),
  records_per_page: z.number().int(),
  insurance_preference: z.enum(INSURANCE_PREFERENCES),
  preferred_mode: z.enum(SHIPPING_MODES),
  subscriptions: z.strictObject(
    Object.fromEntries(SUBSCRIPTIONS.map((s) => [s, z.boolean()])) as Record<(typeof SUBSCRIPTIONS)[number], z.ZodBoolean>,
  ),
});

/** GET /api/user -> {data: CurrentUser}; the account's address and settings changes answer it too. */
export const currentUserView = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  email_verified_at: z.iso.datetime().nullable(),
  roles: z.array(z.enum(ROLES)).meta({ description: "Staff's roles; none for a customer" }),
  account: z
    .strictObject({
      id: z.uuid(),
      name: z.string(),
      status: z.enum(['active', 'credit_hold']),
      payment_terms: z.enum(PAYMENT_TERMS).meta({ description: "'prepaid': each booking is paid by card before it goes to the carrier" }),
      billing_address: accountAddressView.nullable(),
      account_address: accountAddressView.nullable(),
      role: z.enum(CUSTOMER_ROLES).meta({ description: "The user's role in the account's team" }),
      permissions: z.array(z.enum(CUSTOMER_PERMISSIONS)).meta({ description: 'What the role lets them do (the web hides the rest)' }),
    })
    .nullable()
    .meta({ description: "The customer's account; null for staff" }),
  settings: userSettingsView,
  two_factor_enrolment_required: z.boolean().optional().meta({
    description:
      'GET /api/user only: the user must enrol a second factor (staff, or the account requires it) before anything but the security settings answers',
  }),
});
export type CurrentUser = z.output<typeof currentUserView>;
