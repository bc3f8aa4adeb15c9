import { PAYMENT_TERMS, ROLES, type Role } from '@freight/domain';
import { z } from 'zod';
import { email, requiredText } from './fields';
import { type SalesRepAssignment, type SalesRepView, salesRepFilter } from './salesReps';
import { type AccountAddress, accountAddress } from './settings';
import type { StaffQuoteLowestMargin } from './staffQuotes';
import type { AuditEntryView, StaffNoteView } from './staffShipments';

/**
 * Staff's Account Management and Role Management. An account's state for staff:
 * 'unverified' (no user has confirmed their email yet), 'suspended' (its users cannot sign in),
 * else its credit status.
 */
export const ACCOUNT_STATES = ['active', 'credit_hold', 'suspended', 'unverified'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];
export const ACCOUNT_SORTS = ['name', 'created_at'] as const;

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

export interface StaffAccountRow {
  id: string;
  name: string;
  state: AccountState;
  payment_terms: 'credit' | 'prepaid';
  users_count: number;
  contact: { name: string; email: string; phone: string } | null;
  sales_rep: SalesRepView | null;
  created_at: string;
}

export interface StaffAccountUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  roles: Role[];
  email_verified_at: string | null;
  last_login_at: string | null;
  created_at: string;
}

export interface StaffAccountDetail {
  id: string;
  name: string;
  state: AccountState;
  status: 'active' | 'credit_hold';
  payment_terms: 'credit' | 'prepaid';
  suspended_at: string | null;
  suspended_reason: string | null;
  /** Open proposals to suspend the account (sales or ops asked; the admins or accounting decide), oldest first. */
  suspension_proposals: SuspensionProposalView[];
  /** The account's sales rep; null while it has none. */
  sales_rep: SalesRepAssignment | null;
  created_at: string;
  company_address: AccountAddress | null;
  account_address: AccountAddress | null;
  billing_address: AccountAddress | null;
  users: StaffAccountUser[];
  /** Each with its lowest price's cost and margin for staff who may see the account's margin. */
  recent_quotes: ({
    id: string;
    created_at: string;
    mode: string;
    origin: string;
    destination: string;
    lowest_total_cents: number | null;
    currency: string;
    booked: boolean;
  } & StaffQuoteLowestMargin)[];
  recent_shipments: {
    id: string;
    bol_number: string;
    status: string;
    created_at: string;
    carrier_name: string;
    total_cents: number;
    currency: string;
  }[];
  notes: StaffNoteView[];
  audit: AuditEntryView[];
}

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

export interface SuspensionProposalView {
  id: string;
  /** Who proposed it (email); null once that user is deleted. */
  proposed_by: string | null;
  note: string;
  created_at: string;
}

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
export interface StaffUserView {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  account: { id: string; name: string } | null;
  email_verified_at: string | null;
  last_login_at: string | null;
  invited: boolean;
}
