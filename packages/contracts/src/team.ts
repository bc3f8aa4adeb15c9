import { APPROVAL_RULES, CUSTOMER_ROLES } from '@freight/domain';
import { z } from 'zod';
import { email, isoDate, password, queryFlag, requiredText } from './fields';

/**
 * A business account's team, as its account admins keep it (Settings > Team) and staff see it on
 * the account's page: the users with their role and booking rights, the invitations waiting, and
 * the account's activity log.
 */

/** The most a booking limit may be set to (cents; $10,000,000). */
export const BOOKING_LIMIT_MAX_CENTS = 1_000_000_000;
/** How long a staff member's optional reason for a team change may be. */
export const TEAM_REASON_MAX = 500;

const role = z.enum(CUSTOMER_ROLES, { error: 'validation.choice' });

/** Integer cents, or null for no limit. */
const bookingLimit = z
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(0, { error: 'validation.too_small' })
  .max(BOOKING_LIMIT_MAX_CENTS, { error: 'validation.too_large' })
  .nullable();

/** The rules ticked, each once, in the domain's order. */
const approvalRules = z
  .array(z.enum(APPROVAL_RULES, { error: 'validation.choice' }), { error: 'validation.choice' })
  .max(APPROVAL_RULES.length, { error: 'validation.too_many' })
  .transform((rules) => APPROVAL_RULES.filter((r) => rules.includes(r)));

/** POST /api/team/invitations. */
export const teamInviteRequest = z.object({
  first_name: requiredText('validation.first_name_required', 100),
  last_name: requiredText('validation.last_name_required', 100),
  email: email('validation.email_required'),
  role,
  booking_limit_cents: bookingLimit.default(null),
  approval_required_for: approvalRules.default([]),
});
export type TeamInviteRequest = z.input<typeof teamInviteRequest>;

/** PUT /api/team/users/:id: the role, the booking limit and the approval rules (each when given). */
export const teamMemberUpdateRequest = z
  .object({
    role: role.optional(),
    booking_limit_cents: bookingLimit.optional(),
    approval_required_for: approvalRules.optional(),
  })
  .refine((v) => v.role !== undefined || v.booking_limit_cents !== undefined || v.approval_required_for !== undefined, {
    error: 'validation.required',
    path: ['role'],
  });
export type TeamMemberUpdateRequest = z.input<typeof teamMemberUpdateRequest>;

/**
 * POST /api/team/transfer-admin: `user_id` becomes an account admin and the caller takes
 * `new_role` (staying an account admin too is allowed: then the team simply has two).
 */
export const teamTransferRequest = z.object({
  user_id: z.uuid({ error: 'validation.choice' }),
  new_role: role,
});
export type TeamTransferRequest = z.input<typeof teamTransferRequest>;

/** Staff's deactivation, reactivation and resend: the reason is optional (kept in the audit entry). */
export const staffTeamActionRequest = z.object({
  reason: z.string().trim().max(TEAM_REASON_MAX, { error: 'validation.reason_too_long' }).optional().default(''),
});

/** POST /api/invitation/:token/accept: the invitee's password (the spec's rules), twice. */
export const invitationAcceptRequest = z
  .object({
    password,
    password_confirmation: z.string({ error: 'validation.required' }),
  })
  .refine((r) => r.password === r.password_confirmation, { error: 'validation.password_mismatch', path: ['password_confirmation'] });
export type InvitationAcceptRequest = z.input<typeof invitationAcceptRequest>;

/**
 * The user of the account who made a record (booked a shipment, ran a quote, paid, opened a dispute
 * or a support conversation, made an API credential); null once that user is gone, and for anyone
 * outside the reader's account (staff who made a credential for the account).
 */
export const teamPerson = z.strictObject({ id: z.string(), name: z.string() });
export type TeamPerson = z.output<typeof teamPerson>;

/**
 * `mine=true` narrows an account's list to the records the caller made (their shipments, quotes,
 * support conversations); without it, or `false`, the list is the whole account's.
 */
export const mineParam = queryFlag;

/** GET /api/team/activity (and its CSV export without the paging). */
export const teamActivityFilter = z.object({
  /** Entries by this user or about them. */
  user_id: z.uuid({ error: 'validation.choice' }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const teamActivityQuery = teamActivityFilter.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type TeamActivityQuery = z.input<typeof teamActivityQuery>;

export const TEAM_MEMBER_STATUSES = ['active', 'deactivated'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/** The booking rights a user (or an invitation) carries. */
const bookingRights = {
  booking_limit_cents: z.int().nullable().meta({ description: 'Null: no limit' }),
  approval_required_for: z.array(z.enum(APPROVAL_RULES)),
};

/** A user of the account as the team lists them. */
export const teamMemberView = z.strictObject({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(CUSTOMER_ROLES),
  status: z.enum(TEAM_MEMBER_STATUSES),
  last_login_at: z.iso.datetime().nullable(),
  two_factor: z.boolean().meta({ description: 'Holds a second factor (an authenticator app or a passkey)' }),
  ...bookingRights,
  deactivated_at: z.iso.datetime().nullable(),
});
export type TeamMemberView = z.output<typeof teamMemberView>;

/** An invitation not accepted nor revoked. */
export const teamInvitationView = z.strictObject({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  role: z.enum(CUSTOMER_ROLES),
  ...bookingRights,
  sent_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  expired: z.boolean().meta({ description: 'Its link no longer works: resend it (a new link) or revoke it' }),
});
export type TeamInvitationView = z.output<typeof teamInvitationView>;

/** GET /api/team and GET /api/admin/accounts/:id/team. */
export const teamView = z.strictObject({
  members: z.array(teamMemberView),
  invitations: z
    .array(teamInvitationView)
    .meta({ description: 'The invitations not accepted nor revoked, newest first (expired ones too, marked)' }),
});
export type TeamView = z.output<typeof teamView>;

/** GET /api/invitation/:token: what the invitee is asked to accept. */
export const invitationPreview = z.strictObject({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  account_name: z.string(),
  role: z.enum(CUSTOMER_ROLES),
  expires_at: z.iso.datetime(),
});
export type InvitationPreview = z.output<typeof invitationPreview>;

/** An entry of the account's activity log. */
export const teamActivityView = z.strictObject({
  id: z.uuid(),
  at: z.iso.datetime(),
  action: z.string().meta({ description: "The audit action ('team.invite'...), worded by `team.activity.<action>` in both catalogs" }),
  actor: z
    .discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('user'), name: z.string(), email: z.string() }),
      z.strictObject({ kind: z.literal('staff') }),
    ])
    .meta({ description: "Who did it: a user of the account by name and email, or the provider's staff, named only as such" }),
  target: z.string().nullable().meta({ description: "Whom or what it was about, in words at the time ('Ada Lovelace <ada@example.com>')" }),
  ip: z.string().nullable().meta({ description: "The address it came from; none for staff's changes" }),
  before: z
    .record(z.string(), z.unknown())
    .nullable()
    .meta({ description: 'The fields that changed, before and after (role, booking limit, approval rules, a reason)' }),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TeamActivityView = z.output<typeof teamActivityView>;
