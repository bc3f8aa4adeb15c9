import {
  approvalLinkTarget,
  approvalSummary,
  approvedBooking,
  automationDryRun,
  automationEbayOutcome,
  automationRuleView,
  bookingApproval,
  ruleOutcomeView,
  teamActivityView,
  teamInvitationView,
  teamMemberView,
  teamView,
} from '@freight/contracts';
import { z } from 'zod';
import { type Answer, created, list, page, record } from './openapi-answers';

/**
 * What the shipper's team pages answer on success (web-answers.ts explains the checks): Settings >
 * Team and its activity log (and the same team as staff help it from the account's page), the held bookings an account admin decides, and Settings > Rules.
 */
export const SHIPPER_TEAM_ANSWERS: Record<string, Answer> = {
  'GET /api/team': record("The account's users and its invitations waiting.", teamView),
  'POST /api/team/invitations': created('The invitation, mailed.', teamInvitationView),
  'POST /api/team/invitations/:id/resend': record('The invitation with its new link and expiry.', teamInvitationView),
  'PUT /api/team/users/:id': record('The user with their new role and booking rights.', teamMemberView),
  'POST /api/team/users/:id/deactivate': record('The user, deactivated.', teamMemberView),
  'POST /api/team/users/:id/reactivate': record('The user, active again.', teamMemberView),
  'POST /api/team/transfer-admin': record('The team after the hand-over.', teamView),
  'GET /api/team/activity': page("The account's activity log, newest first.", teamActivityView),
  // Staff see and help an account's team from its page, with the same answers.
  'GET /api/admin/accounts/:id/team': record("The account's users and its invitations waiting.", teamView),
  'POST /api/admin/accounts/:id/team/invitations/:invitation/resend': record(
    'The invitation with its new link and expiry.',
    teamInvitationView,
  ),
  'POST /api/admin/accounts/:id/team/users/:user/deactivate': record('The user, deactivated.', teamMemberView),
  'POST /api/admin/accounts/:id/team/users/:user/reactivate': record('The user, active again.', teamMemberView),
  'GET /api/approvals': page(
    "Held bookings, newest first: the account's for an account admin, the caller's own for anyone else; `meta.pending` counts those waiting.",
    bookingApproval,
    { pending: z.number().int().meta({ description: 'The bookings waiting for a decision, over every page' }) },
  ),
  'GET /api/approvals/summary': record('How many bookings wait for a decision.', approvalSummary),
  'GET /api/approvals/:id': record('The held booking.', bookingApproval),
  'POST /api/approvals/:id/approve': record('The approval and the shipment it booked.', approvedBooking),
  'POST /api/approvals/:id/decline': record('The declined approval.', bookingApproval),
  'POST /api/approvals/:id/withdraw': record('The withdrawn approval.', bookingApproval),
  'POST /api/approvals/links/:token': record('The approval a mailed link is for, and what it asks.', approvalLinkTarget),
  'GET /api/automation-rules': list("The account's rules in the order they apply.", automationRuleView),
  'POST /api/automation-rules': created('The new rule, last in the list.', automationRuleView),
  'PUT /api/automation-rules/:id': record('The changed rule.', automationRuleView),
  'PUT /api/automation-rules/:id/enabled': record('The rule, switched on or off.', automationRuleView),
  'PUT /api/automation-rules/order': list('The rules in their new order.', automationRuleView),
  'POST /api/automation-rules/dry-run': record('What the rule set would change on the latest shipments or eBay orders.', automationDryRun),
  'POST /api/automation-rules/match': record("What the account's rules set for the quote request.", ruleOutcomeView),
  'POST /api/automation-rules/ebay-orders': list('What the rules set for each order, in the order asked.', automationEbayOutcome),
};
