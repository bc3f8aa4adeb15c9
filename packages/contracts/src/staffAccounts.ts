import { PAYMENT_TERMS, ROLES, SHIPMENT_STATUSES } from '@freight/domain';
import { z } from 'zod';
import { email, requiredText } from './fields';
import { ACCOUNT_SORTS } from './listSorts';
import { salesRepAssignment, salesRepFilter, salesRepView } from './salesReps';
import { accountAddress } from './settings';
import { staffQuoteLowestMargin } from './staffQuotes';
import { auditEntryView, staffNoteView } from './staffShipments';
import { accountAddressView } from './user';

/**
 * Staff's Account Management and Role Management. An account's state for staff:
 * 'unverified' (no user has confirmed their email yet), 'suspended' (its users cannot sign in),
 * else its credit status.
 */
export const ACCOUNT_STATES = ['active', 'credit_hold', 'suspended', 'unverified'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const accountSearchQuery = z.object({
  /** Account name, a user's name, email or phone, or a BOL number. */
  q: z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  status: z.enum(ACCOUNT_STATES, { error: 'validation.choice' }).optional(),
  payment_terms: z.enum(PAYMENT_TERMS, { error: 'validation.choice' }).optional(),
  sales_rep: salesRepFilter.optional(),
  /** Accounts signed up in the last N business days, today included, newest first (the sales queue). */
  signed_up_days: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1)
    .max(365, { error: 'validation.too_large' })
    .optional(),
  sort: z.enum(ACCOUNT_SORTS, { error: 'validation.choice' }).default('name'),
  dir: z.enum(['asc', 'desc'], { error: 'validation.choice' }).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type AccountSearchQuery = z.output<typeof accountSearchQuery>;

/** An account in the Account Management search. */
export const staffAccountRow = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  state: z.enum(ACCOUNT_STATES),
  payment_terms: z.enum(PAYMENT_TERMS),
  users_count: z.number().int(),
  contact: z
    .strictObject({ name: z.string(), email: z.string(), phone: z.string() })
    .nullable()
    .meta({ description: "The account's first user; null when it has none" }),
  sales_rep: salesRepView.nullable(),
  created_at: z.iso.datetime(),
});
export type StaffAccountRow = z.output<typeof staffAccountRow>;

/** A user of the account, as its page for staff lists them. */
export const staffAccountUser = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(z.enum(ROLES)),
  email_verified_at: z.iso.datetime().nullable(),
  last_login_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type StaffAccountUser = z.output<typeof staffAccountUser>;

/** An open proposal to suspend the account. */
export const suspensionProposalView = z.strictObject({
  id: z.uuid(),
  proposed_by: z.string().nullable().meta({ description: 'Who proposed it (email); null once that user is deleted' }),
  note: z.string(),
  created_at: z.iso.datetime(),
});
export type SuspensionProposalView = z.output<typeof suspensionProposalView>;

/** An account's page for staff: its state, rep, addresses, users, recent quotes and shipments, notes and audit log. */
export const staffAccountDetail = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  state: z.enum(ACCOUNT_STATES),
  status: z.enum(['active', 'credit_hold']),
  payment_terms: z.enum(PAYMENT_TERMS),
  suspended_at: z.iso.datetime().nullable(),
  suspended_reason: z.string().nullable(),
  suspension_proposals: z.array(suspensionProposalView).meta({
    description: 'Open proposals to suspend the account (sales or ops asked; the admins or accounting decide), oldest first',
  }),
  sales_rep: salesRepAssignment.nullable().meta({ description: "The account's sales rep; null while it has none" }),
  created_at: z.iso.datetime(),
  company_address: accountAddressView.nullable(),
  account_address: accountAddressView.nullable(),
  billing_address: accountAddressView.nullable(),
  users: z.array(staffAccountUser),
  recent_quotes: z
    .array(
      z.strictObject({
        id: z.uuid(),
        created_at: z.iso.datetime(),
        mode: z.string(),
        origin: z.string(),
        destination: z.string(),
        lowest_total_cents: z.int().nullable(),
        currency: z.string(),
        booked: z.boolean(),
        ...staffQuoteLowestMargin.shape,
      }),
    )
    .meta({ description: "Each with its lowest price's cost and margin for staff who may see the account's margin" }),
  recent_shipments: z.array(
    z.strictObject({
      id: z.uuid(),
      bol_number: z.string(),
      status: z.enum(SHIPMENT_STATUSES),
      created_at: z.iso.datetime(),
      carrier_name: z.string(),
      total_cents: z.int(),
      currency: z.string(),
    }),
  ),
  notes: z.array(staffNoteView),
  audit: z.array(auditEntryView),
});
export type StaffAccountDetail = z.output<typeof staffAccountDetail>;

/** PUT /api/admin/accounts/:id: the company's name and addresses (an address left out stays). */
export const accountEditRequest = z.object({
  name: requiredText('validation.required', 160),
  company_address: accountAddress.nullable().optional(),
  account_address: accountAddress.nullable().optional(),
  billing_address: accountAddress.nullable().optional(),
});
export type AccountEditRequest = z.output<typeof accountEditRequest>;

/** POST /api/admin/accounts/:id/suspend: always with a reason (kept in the audit log). */
export const suspendRequest = z.object({ reason: requiredText('validation.required', 500) });

/** POST /api/admin/accounts/:id/suspension-proposals: sales or ops ask for a suspension, saying why. */
export const suspensionProposalRequest = z.object({ note: requiredText('validation.required', 1000) });

/** PUT /api/admin/roles/users/:id: the user's staff roles, all of them. */
export const rolesUpdateRequest = z.object({
  roles: z.array(z.enum(ROLES, { error: 'validation.choice' }), { error: 'validation.required' }).max(ROLES.length),
  /**
   * The id of the customer account the user belongs to, sent back once staff confirmed that this
   * customer's user gets staff roles (409 `account_confirmation_required` otherwise).
   */
  confirm_account_id: z.uuid({ error: 'validation.invalid' }).optional(),
});

/** POST /api/admin/roles/invitations: a new staff user, who sets their password from the mailed link. */
export const staffInviteRequest = z.object({
  first_name: requiredText('validation.first_name_required', 80),
  last_name: requiredText('validation.last_name_required', 80),
  email: email('validation.email_required'),
  roles: z
    .array(z.enum(ROLES, { error: 'validation.choice' }))
    .min(1, { error: 'validation.roles_required' })
    .max(ROLES.length),
});
export type StaffInviteRequest = z.output<typeof staffInviteRequest>;

/** A user in Role Management. */
export const staffUserView = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  account: z
    .strictObject({ id: z.uuid(), name: z.string() })
    .nullable()
    .meta({ description: 'The customer account the user belongs to; null for staff' }),
  email_verified_at: z.iso.datetime().nullable(),
  last_login_at: z.iso.datetime().nullable(),
  invited: z.boolean().meta({ description: 'Invited staff who have not set their password yet' }),
});
export type StaffUserView = z.output<typeof staffUserView>;
