import type {
  AdminCreditApplicationView,
  CreditApplicationListQuery,
  CreditApplicationRequest,
  CreditDecisionRequest,
  CreditStandingView,
} from '@freight/contracts';
import { LANGUAGES, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { accounts } from '../../db/schema';
import { UNSEALED_TAX_ID } from '../../db/seed-credit-applications';
import { AppError } from '../../errors';
import { creditDecisionMail } from '../../mail/credit-mails';
import { secretBox } from '../../security/encryption';
import { type AuditActor, audit } from '../audit/audit';
import { evaluateHold, invoicesRepository } from '../invoices/invoices.service';
import { presentApplication, presentStaffApplication } from './credit-applications.presenter';
import { type CreditApplicationRow, creditApplicationsRepository } from './credit-applications.repository';

type AccountRow = typeof accounts.$inferSelect;

/** Where the applicant reads the decision (the portal's Settings > Credit). */
export const CREDIT_PAGE_PATH = '/settings/credit';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Credit is granted, not assumed: a self-signed-up account starts prepaid and applies here; staff
 * who steer credit approve it with terms (one transaction with the account's terms, its credit
 * record and the audit entry) or decline it with a reason. The applicant is mailed either way.
 */
export function creditApplicationsService(ctx: AppContext) {
  const repo = creditApplicationsRepository(ctx.db);
  // The tax id is personal business data: sealed at rest, opened only for the staff detail.
  const taxIds = secretBox(ctx.appKey, 'credit-application-tax-id');

  function openTaxId(sealed: string): string | null {
    try {
      return taxIds.open(sealed);
    } catch {
      return null; // sealed under another APP_KEY: the detail says it is unreadable rather than failing
    }
  }

  async function mailDecision(application: CreditApplicationRow, accountName: string) {
    const to = await repo.recipient(application);
    if (!to) return;
    const language: Language = (LANGUAGES as readonly string[]).includes(to.language ?? '') ? (to.language as Language) : 'en';
    const base = { name: to.firstName, account: accountName, url: `${ctx.config.appUrl}${CREDIT_PAGE_PATH}` };
    await ctx.mailer.send(
      creditDecisionMail(
        language,
        to.email,
        application.status === 'approved'
          ? {
              ...base,
              outcome: 'approved',
              net_days: application.netDays ?? 0,
              credit_limit_cents: application.creditLimitCents ?? 0,
              grace_days: application.graceDays ?? 0,
            }
          : { ...base, outcome: 'declined', reason: application.decisionReason ?? '' },
      ),
    );
  }

  return {
    /** The account's terms today and its applications; it may apply while prepaid with none pending. */
    async standing(account: AccountRow): Promise<CreditStandingView> {
      const applications = await repo.ofAccount(account.id);
      return {
        payment_terms: account.paymentTerms,
        net_days: account.netDays,
        credit_limit_cents: account.creditLimitCents,
        can_apply: account.paymentTerms === 'prepaid' && !applications.some((a) => a.status === 'pending'),
        applications: applications.map(presentApplication),
      };
    },

    async apply(account: AccountRow, userId: string, body: CreditApplicationRequest) {
      if (account.paymentTerms === 'credit') throw new AppError(409, 'conflict', 'errors.already_on_credit');
      const { legal_name, requested_limit_cents, tax_id, ...rest } = body;
      const created = await repo.insertPending({
        accountId: account.id,
        submittedBy: userId,
        legalName: legal_name,
        requestedLimitCents: requested_limit_cents,
        details: { ...rest, tax_id_sealed: taxIds.seal(tax_id.trim().toUpperCase()) },
        createdAt: ctx.now(),
      });
      if (!created) throw new AppError(409, 'conflict', 'errors.credit_application_pending');
      return presentApplication(created);
    },

    async list(q: CreditApplicationListQuery) {
      const { rows, total } = await repo.page(q);
      return { rows: rows.map((r) => presentStaffApplication(r, null)), total };
    },

    async detail(id: string): Promise<AdminCreditApplicationView> {
      const row = await repo.staffView(id);
      if (!row) throw AppError.notFound();
      return presentStaffApplication(row, openTaxId(row.application.details.tax_id_sealed));
    },

    /**
     * Approves (the account's terms, limit and grace days, a `terms_changed` entry of its credit
     * record) or declines (the reason on the application and the credit record), audited in the
     * same transaction; the applicant is mailed once it is committed.
     */
    async decide(actor: AuditActor, id: string, body: CreditDecisionRequest) {
      const now = ctx.now();
      const decided = await ctx.db.transaction(async (tx) => {
        const applications = creditApplicationsRepository(tx as Db);
        const credit = invoicesRepository(tx as Db);
        const application = await applications.lock(id);
        if (!application) throw AppError.notFound();
        if (application.status !== 'pending') throw new AppError(409, 'conflict', 'errors.credit_application_decided');
        const account = await credit.lockAccount(application.accountId);
        if (!account) throw AppError.notFound();
        const terms =
          body.outcome === 'approved'
            ? { netDays: body.net_days, creditLimitCents: body.credit_limit_cents, graceDays: body.grace_days }
            : { netDays: null, creditLimitCents: null, graceDays: null };
        const update = { status: body.outcome, decidedBy: actor.id, decidedAt: now, decisionReason: body.reason, ...terms };
        await applications.update(id, update);
        if (body.outcome === 'approved') {
          await credit.updateAccount(account.id, {
            paymentTerms: 'credit',
            netDays: body.net_days,
            creditLimitCents: body.credit_limit_cents,
            graceDays: body.grace_days,
            updatedAt: now,
          });
        }
        await credit.addCreditEvent({
          accountId: account.id,
          kind: body.outcome === 'approved' ? 'terms_changed' : 'application_declined',
          source: 'staff',
          reason:
            body.outcome === 'approved'
              ? `Credit application approved: ${account.paymentTerms} -> credit net ${body.net_days}, limit ${dollars(body.credit_limit_cents)}, grace ${body.grace_days}. ${body.reason}`
              : `Credit application declined: ${body.reason}`,
          userId: actor.id,
          createdAt: now,
        });
        await audit(
          tx as Db,
          actor,
          {
            action: `credit_application.${body.outcome}`,
            entityType: 'credit_application',
            entityId: id,
            targetLabel: account.name,
            accountId: account.id,
            before: {
              status: 'pending',
              payment_terms: account.paymentTerms,
              net_days: account.netDays,
              credit_limit_cents: account.creditLimitCents,
              grace_days: account.graceDays,
            },
            after:
              body.outcome === 'approved'
                ? { status: 'approved', payment_terms: 'credit', ...creditTermsOf(body), reason: body.reason }
                : { status: 'declined', reason: body.reason },
          },
          now,
        );
        // Credit now counts what the account already has booked and owes against its new limit.
        if (body.outcome === 'approved') await evaluateHold(tx as Db, account.id, now, ctx.config.BUSINESS_TIME_ZONE);
        return { application: { ...application, ...update }, accountName: account.name };
      });
      ctx.background.run('credit-decision-mail', () => mailDecision(decided.application, decided.accountName));
      return this.detail(id);
    },

    /** Seals the tax ids the demo seed left plain (once; a later start finds none). */
    async sealSeededTaxIds() {
      for (const row of await repo.unsealedSince(UNSEALED_TAX_ID)) {
        const plain = row.details.tax_id_sealed.slice(UNSEALED_TAX_ID.length);
        await repo.update(row.id, { details: { ...row.details, tax_id_sealed: taxIds.seal(plain) } });
      }
    },
  };
}

const creditTermsOf = (body: Extract<CreditDecisionRequest, { outcome: 'approved' }>) => ({
  net_days: body.net_days,
  credit_limit_cents: body.credit_limit_cents,
  grace_days: body.grace_days,
});

export { creditApplicationsRepository } from './credit-applications.repository';
