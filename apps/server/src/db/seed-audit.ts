import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { type AuditActor, auditEach, userLabel } from '../modules/audit/audit';
import type { Db } from './client';
import { accountSuspensionProposals, accounts, creditApplications, users } from './schema';

/**
 * The audit entries of what the demo's staff did in the other seed parts, so the Audit Log opens
 * on a history that matches the screens: super_admin granting each staff user's roles when the
 * user was made, sales proposing a suspension, accounting declining a credit application. Written
 * with the record's label, as the admin area writes them.
 */
export async function seedDemoAudit(tx: Db) {
  const [superAdmin] = await tx.select().from(users).where(eq(users.email, 'super@demo.test'));
  if (!superAdmin) return;
  const actorOf = (u: { id: string; email: string }): AuditActor => ({ id: u.id, email: u.email, ip: '127.0.0.1' });

  const staff = await tx
    .select()
    .from(users)
    .where(and(ne(users.id, superAdmin.id), sql`cardinality(${users.roles}) > 0`));
  for (const u of staff) {
    const label = userLabel(`${u.firstName} ${u.lastName}`, u.email);
    await auditEach(
      tx,
      actorOf(superAdmin),
      [
        {
          action: 'user.roles',
          entityType: 'user',
          entityId: u.id,
          targetLabel: label,
          accountId: u.accountId,
          before: { roles: [] },
          after: { roles: u.roles },
        },
      ],
      u.createdAt,
    );
  }

  const proposals = await tx
    .select({ proposal: accountSuspensionProposals, account: accounts, proposer: users })
    .from(accountSuspensionProposals)
    .innerJoin(accounts, eq(accounts.id, accountSuspensionProposals.accountId))
    .innerJoin(users, eq(users.id, accountSuspensionProposals.proposedBy));
  for (const { proposal, account, proposer } of proposals) {
    await auditEach(
      tx,
      actorOf(proposer),
      [
        {
          action: 'account.suspension_proposed',
          entityType: 'account',
          entityId: account.id,
          targetLabel: account.name,
          accountId: account.id,
          after: { proposal_id: proposal.id, note: proposal.note },
        },
      ],
      proposal.createdAt,
    );
  }

  const decided = await tx
    .select({ application: creditApplications, account: accounts, decider: users })
    .from(creditApplications)
    .innerJoin(accounts, eq(accounts.id, creditApplications.accountId))
    .innerJoin(users, eq(users.id, creditApplications.decidedBy))
    .where(isNotNull(creditApplications.decidedAt));
  for (const { application, account, decider } of decided) {
    await auditEach(
      tx,
      actorOf(decider),
      [
        {
          action: `credit_application.${application.status}`,
          entityType: 'credit_application',
          entityId: application.id,
          targetLabel: account.name,
          accountId: account.id,
          before: { status: 'pending' },
          after: { status: application.status, reason: application.decisionReason },
        },
      ],
      application.decidedAt ?? application.createdAt,
    );
  }
}
