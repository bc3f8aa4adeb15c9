import type { AccountEditRequest, StaffAccountDetail, StaffAccountRow, StaffAccountUser, SuspensionProposalView } from '@freight/contracts';
import { LANGUAGES, type Language, type Role } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { users } from '../../db/schema';
import { AppError } from '../../errors';
import { fullName } from '../../people';
import { type AuditActor, audit, auditRepository, changedFields } from '../audit/audit';
import { authService } from '../auth/auth.service';
import { salesRepsService } from '../sales-reps/sales-reps.service';
import { notesOf } from '../staff-notes/staff-notes.service';
import { lowestMargin } from '../staff-quotes/staff-quotes.service';
import { type AccountRow, accountState, staffAccountsRepository } from './accounts.repository';

type UserRow = typeof users.$inferSelect;
const iso = (d: Date | null) => d?.toISOString() ?? null;
const conflict = (key: string) => new AppError(409, 'conflict', key);

function presentUser(u: UserRow): StaffAccountUser {
  return {
    id: u.id,
    name: fullName(u),
    email: u.email,
    phone: u.phone,
    roles: u.roles as Role[],
    email_verified_at: iso(u.emailVerifiedAt),
    last_login_at: iso(u.lastLoginAt),
    created_at: u.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account's editable facts. */
const editable = (a: AccountRow) => ({
  name: a.name,
  company_address: a.companyAddress ?? null,
  account_address: a.accountAddress ?? null,
  billing_address: a.billingAddress ?? null,
});

/** A quote's end as staff read it: postal code and country. */
const end = (input: unknown, side: 'origin' | 'destination') => {
  const place = (input as Record<string, { postal_code?: string; country?: string } | undefined>)[side];
  return [place?.postal_code, place?.country].filter(Boolean).join(' ');
};

/**
 * Account Management: search, the detail, edits, suspension and its proposals, verification
 * resends; every write audited. `seesMargin` says whether the staff user asking may see an
 * account's margin (the recent quotes' cost and margin); by default nobody does.
 */
export function staffAccountsService(ctx: AppContext, seesMargin: (accountId: string) => Promise<boolean> = async () => false) {
  const repo = staffAccountsRepository(ctx.db);
  const reps = salesRepsService(ctx);

  async function find(id: string) {
    const row = await repo.find(id);
    if (!row) throw AppError.notFound();
    return row;
  }

  async function listRows(result: Pick<Awaited<ReturnType<typeof repo.search>>, 'rows' | 'members'>): Promise<StaffAccountRow[]> {
    const repOf = await reps.ofAccounts(result.rows.map((r) => r.account.id));
    return result.rows.map(({ account, verified }) => {
      const members = result.members.filter((m) => m.accountId === account.id);
      const first = members[0];
      return {
        id: account.id,
        name: account.name,
        state: accountState(account, verified),
        payment_terms: account.paymentTerms,
        users_count: members.length,
        contact: first ? { name: fullName(first), email: first.email, phone: first.phone } : null,
        sales_rep: repOf.get(account.id) ?? null,
        created_at: account.createdAt.toISOString(),
      };
    });
  }

  async function detail(id: string): Promise<StaffAccountDetail> {
    const account = await find(id);
    const [{ members, recentQuotes, recentShipments }, notes, auditEntries, proposals, salesRep, withMargin] = await Promise.all([
      repo.context(id),
      notesOf(ctx.db, 'account', id),
      auditRepository(ctx.db).ofAccount(id),
      repo.openProposals(id),
      reps.ofAccount(id),
      seesMargin(id),
    ]);
    return {
      id: account.id,
      name: account.name,
      state: accountState(
        account,
        members.some((m) => m.emailVerifiedAt),
      ),
      status: account.status,
      payment_terms: account.paymentTerms,
      suspended_at: iso(account.suspendedAt),
      suspended_reason: account.suspendedReason,
      suspension_proposals: proposals.map(
        ({ proposal: p, proposedBy }): SuspensionProposalView => ({
          id: p.id,
          proposed_by: proposedBy,
          note: p.note,
          created_at: p.createdAt.toISOString(),
        }),
      ),
      sales_rep: salesRep,
      created_at: account.createdAt.toISOString(),
      company_address: account.companyAddress ?? null,
      account_address: account.accountAddress ?? null,
      billing_address: account.billingAddress ?? null,
      users: members.map(presentUser),
      recent_quotes: recentQuotes.map((q) => ({
        id: q.id,
        created_at: q.createdAt.toISOString(),
        mode: q.mode,
        origin: end(q.input, 'origin'),
        destination: end(q.input, 'destination'),
        lowest_total_cents: q.lowestTotalCents,
        currency: q.currency,
        booked: q.bookedAt !== null,
        ...(withMargin ? lowestMargin(q) : {}),
      })),
      recent_shipments: recentShipments.map((s) => ({
        id: s.id,
        bol_number: s.bolNumber,
        status: s.status,
        created_at: s.createdAt.toISOString(),
        carrier_name: s.carrierName,
        total_cents: s.totalCents,
        currency: s.currency,
      })),
      notes,
      audit: auditEntries,
    };
  }

  /** Locks the account, applies `change`, and audits it in the same transaction. */
  async function write(
    actor: AuditActor,
    id: string,
    action: string,
    change: (tx: Db, before: AccountRow) => Promise<AccountRow>,
    what: (a: AccountRow) => Record<string, unknown> = editable,
  ) {
    await find(id);
    await ctx.db.transaction(async (tx) => {
      const before = await repo.lock(tx as Db, id);
      if (!before) throw AppError.notFound();
      const after = await change(tx as Db, before);
      const diff = changedFields(what(before), what(after));
      await audit(
        tx as Db,
        actor,
        { action, entityType: 'account', entityId: id, targetLabel: after.name, accountId: id, ...diff },
        ctx.now(),
      );
    });
    return detail(id);
  }

  const update = (actor: AuditActor, id: string, body: AccountEditRequest) =>
    write(actor, id, 'account.update', (tx) =>
      repo.update(tx, id, {
        name: body.name,
        ...(body.company_address !== undefined ? { companyAddress: body.company_address } : {}),
        ...(body.account_address !== undefined ? { accountAddress: body.account_address } : {}),
        ...(body.billing_address !== undefined ? { billingAddress: body.billing_address } : {}),
        updatedAt: ctx.now(),
      }),
    );

  const suspension = (a: AccountRow) => ({ suspended_at: iso(a.suspendedAt), suspended_reason: a.suspendedReason });

  /**
   * Suspends the account: its users are signed out and cannot sign in until it is reactivated.
   * Whoever suspends answers every open proposal to: they are closed as 'suspended', audited.
   */
  const suspend = (actor: AuditActor, id: string, reason: string) =>
    write(
      actor,
      id,
      'account.suspend',
      async (tx, before) => {
        if (before.suspendedAt) throw conflict('errors.account_suspended_already');
        const row = await repo.update(tx, id, { suspendedAt: ctx.now(), suspendedReason: reason, updatedAt: ctx.now() });
        await repo.endSessions(tx, id);
        const closed = await repo.resolveProposals(tx, id, { outcome: 'suspended', by: actor.id, at: ctx.now() });
        for (const p of closed) await auditProposalAction(tx, actor, p, 'account.suspension_proposal_resolved');
        return row;
      },
      suspension,
    );

  type ProposalRow = Awaited<ReturnType<typeof repo.insertProposal>>;
  const auditProposalAction = (tx: Db, actor: AuditActor, p: ProposalRow, action: string) =>
    audit(
      tx,
      actor,
      {
        action,
        entityType: 'account',
        entityId: p.accountId,
        accountId: p.accountId,
        ...(p.outcome ? { before: { proposal_id: p.id, outcome: null } } : {}),
        after: { proposal_id: p.id, note: p.note, ...(p.outcome ? { outcome: p.outcome } : {}) },
      },
      ctx.now(),
    );

  /** Sales or ops ask for the account's suspension, saying why; those allowed to suspend decide. */
  async function proposeSuspension(actor: AuditActor, id: string, note: string) {
    await find(id);
    await ctx.db.transaction(async (tx) => {
      const account = await repo.lock(tx as Db, id);
      if (!account) throw AppError.notFound();
      if (account.suspendedAt) throw conflict('errors.account_suspended_already');
      const proposal = await repo.insertProposal(tx as Db, { accountId: id, proposedBy: actor.id, note, createdAt: ctx.now() });
      await auditProposalAction(tx as Db, actor, proposal, 'account.suspension_proposed');
    });
    return detail(id);
  }

  /** Declines one open proposal: the account stays as it is, and the proposal leaves the page. */
  async function dismissProposal(actor: AuditActor, id: string, proposalId: string) {
    await ctx.db.transaction(async (tx) => {
      const proposal = await repo.lockProposal(tx as Db, proposalId);
      if (!proposal || proposal.accountId !== id) throw AppError.notFound();
      if (proposal.outcome) throw conflict('errors.suspension_proposal_closed');
      const [closed] = await repo.resolveProposals(tx as Db, id, { outcome: 'dismissed', by: actor.id, at: ctx.now() }, proposalId);
      await auditProposalAction(tx as Db, actor, closed!, 'account.suspension_proposal_dismissed');
    });
    return detail(id);
  }

  const reactivate = (actor: AuditActor, id: string) =>
    write(
      actor,
      id,
      'account.reactivate',
      async (tx, before) => {
        if (!before.suspendedAt) throw conflict('errors.account_not_suspended');
        return repo.update(tx, id, { suspendedAt: null, suspendedReason: null, updatedAt: ctx.now() });
      },
      suspension,
    );

  /** Sends a customer user's verification mail again (the user's own throttle applies), in their language. */
  async function resendVerification(actor: AuditActor, userId: string) {
    const found = await repo.userWithLanguage(userId);
    if (!found?.user.accountId) throw AppError.notFound();
    const { user } = found;
    const language: Language = (LANGUAGES as readonly string[]).includes(found.language ?? '') ? (found.language as Language) : 'en';
    const outcome = await authService(ctx).resendVerification(user, language);
    if (outcome === 'sent') {
      await audit(
        ctx.db,
        actor,
        {
          action: 'user.verification_resent',
          entityType: 'user',
          entityId: user.id,
          accountId: user.accountId,
          after: { email: user.email },
        },
        ctx.now(),
      );
    }
    return { outcome, accountId: user.accountId };
  }

  return {
    find,
    listRows,
    detail,
    update,
    suspend,
    reactivate,
    proposeSuspension,
    dismissProposal,
    resendVerification,
    search: repo.search,
  };
}

/** The accounts' reads, for the Account Management export. */
export { staffAccountsRepository } from './accounts.repository';
