import {
  adminCreditApplicationView,
  adminCreditView,
  auditEntryView,
  creditStandingView,
  dashboardView,
  disputeView,
  invoiceListItem,
  invoiceView,
  marginReport,
  messageAnswer,
  salesRepAssignment,
  salesRepView,
  staffAccountDetail,
  staffAccountRow,
} from '@freight/contracts';
import { type Answer, body, created, list, page, record } from './openapi-answers';

/** Each step on an account answers its page as staff read it after the step. */
const account = (description: string, status: 200 | 201 = 200) => record(description, staffAccountDetail, status);
/** Each credit control answers the account's credit as accounting reads it after the control. */
const credit = (description: string) => record(description, adminCreditView);

/** What the routes of staff's accounts, credit, invoices, disputes, margin and sales reps, the dashboard and the audit log, and the shipper's credit application answer on success (web-answers.ts explains the checks). */
export const ACCOUNT_CREDIT_ANSWERS: Record<string, Answer> = {
  'GET /api/admin/accounts': page('The accounts matching the search and filters, in the order asked.', staffAccountRow),
  'GET /api/admin/accounts/:id': account(
    "The account's page: its state, rep, addresses, users, recent quotes and shipments, notes and audit log.",
  ),
  'PUT /api/admin/accounts/:id': account('The account with its new name and addresses.'),
  'POST /api/admin/accounts/:id/suspend': account('The suspended account; its open suspension proposals are closed.'),
  'POST /api/admin/accounts/:id/reactivate': account('The reactivated account.'),
  'POST /api/admin/accounts/:id/suspension-proposals': account('The account with the new suspension proposal.', 201),
  'POST /api/admin/accounts/:id/suspension-proposals/:proposal/dismiss': account('The account without the dismissed proposal.'),
  'POST /api/admin/accounts/:id/notes': account('The account with the new note.', 201),
  'POST /api/admin/users/:id/verification': body(
    'The verification link is mailed again (202), or the email was verified already (200), said in words.',
    messageAnswer,
    [202, 200],
  ),
  'GET /api/admin/sales-reps': list('The staff users who may be chosen as a sales rep, by name.', salesRepView),
  'PUT /api/admin/accounts/:id/sales-rep': record("The account's new rep; null when it was cleared.", salesRepAssignment.nullable()),
  'GET /api/admin/accounts/:id/credit': credit(
    "The account's credit: its status, what it owes by age, its terms and hold, its credit record and its open disputes.",
  ),
  'PUT /api/admin/accounts/:id/credit': credit("The account's credit with its new terms and limit."),
  'POST /api/admin/accounts/:id/hold': credit("The account's credit with the hold placed or lifted."),
  'GET /api/admin/accounts/:id/invoices': page(
    "The account's invoices not paid yet, the first due first unless `sort` and `dir` say otherwise.",
    invoiceListItem,
  ),
  'GET /api/admin/invoices/:id': record('The invoice with its charges, payments, disputes, credit memos and PDF link.', invoiceView),
  'GET /api/admin/disputes': list('The open disputes of every account, with their threads.', disputeView),
  'POST /api/admin/disputes/:id/messages': created('The dispute with the new message in its thread.', disputeView),
  'POST /api/admin/disputes/:id/resolve': record('The resolved dispute, with its credit memo when an amount was accepted.', disputeView),
  'GET /api/credit-applications': record(
    "The account's terms today, whether it may apply, and its applications, newest first.",
    creditStandingView,
  ),
  'POST /api/credit-applications': created("The account's standing with the new application pending.", creditStandingView),
  'GET /api/admin/credit-applications': page(
    'The applications of the status asked (pending by default, oldest first), without their tax ids.',
    adminCreditApplicationView,
  ),
  'GET /api/admin/credit-applications/:id': record('The application with its tax id.', adminCreditApplicationView),
  'POST /api/admin/credit-applications/:id/decision': record(
    'The application, approved (the account gets the terms) or declined.',
    adminCreditApplicationView,
  ),
  'GET /api/admin/dashboard': record(
    "Today's and this month's figures, the daily series, what needs staff now, and the margin for those who may see it.",
    dashboardView,
  ),
  'GET /api/admin/margin': record(
    'The margin report: the groups asked for, the totals and the monthly series, per currency.',
    marginReport,
  ),
  'GET /api/admin/audit': page('The audit log entries matching the search, newest first.', auditEntryView),
};
