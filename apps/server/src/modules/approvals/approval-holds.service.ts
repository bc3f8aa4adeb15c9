import type { BookingRequest } from '@freight/contracts';
import { APPROVAL_LINK_TTL_DAYS, type ApprovalReason, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { approvalRequestMail } from '../../mail/approval-mails';
import { randomToken, sha256 } from '../../security/tokens';
import { heldBookingWords, personName } from './approvals.presenter';
import { type ApprovalRow, approvalsRepository } from './approvals.repository';

export interface Hold {
  accountId: string;
  requestedBy: { id: string; firstName: string; lastName: string };
  body: BookingRequest;
  idempotencyKey: string;
  quoteId: string;
  rateExpiresAt: Date | null;
  carrierName: string;
  mode: string;
  currency: string;
  totalCents: number;
  reasons: ApprovalReason[];
}

/**
 * Holds a booking beyond its booker's rights: nothing goes to the carrier. Each account admin gets
 * their own Approve and Decline links by mail (kept only as hashes). A retry with the same key
 * answers the approval already held. A failing mail leaves the hold standing: the Approvals page
 * lists it.
 */
export async function holdForApproval(ctx: AppContext, hold: Hold): Promise<ApprovalRow> {
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + APPROVAL_LINK_TTL_DAYS * 24 * 3600_000);
  const mails: Parameters<typeof approvalRequestMail>[] = [];
  const row = await ctx.db.transaction(async (tx) => {
    const repo = approvalsRepository(tx);
    const inserted = await repo.insertOnce({
      accountId: hold.accountId,
      requestedBy: hold.requestedBy.id,
      quoteId: hold.quoteId,
      rateId: hold.body.rate_id,
      request: hold.body,
      idempotencyKey: hold.idempotencyKey,
      carrierName: hold.carrierName,
      mode: hold.mode,
      currency: hold.currency,
      totalCents: hold.totalCents,
      reasons: hold.reasons,
      rateExpiresAt: hold.rateExpiresAt,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted) return undefined;
    for (const admin of await repo.deciders(hold.accountId)) {
      const tokens = { approve: randomToken(), decline: randomToken() };
      await repo.insertLinks(
        (['approve', 'decline'] as const).map((action) => ({
          approvalId: inserted.id,
          userId: admin.id,
          action,
          tokenHash: sha256(tokens[action]),
          expiresAt,
          createdAt: now,
        })),
      );
      mails.push([
        admin.language as Language,
        admin.email,
        {
          ...heldBookingWords(inserted),
          name: admin.firstName,
          booker: personName(hold.requestedBy),
          reasons: hold.reasons,
          rateExpiresAt: hold.rateExpiresAt,
          linkDays: APPROVAL_LINK_TTL_DAYS,
          approveUrl: `${ctx.config.appUrl}/approvals/link/${tokens.approve}`,
          declineUrl: `${ctx.config.appUrl}/approvals/link/${tokens.decline}`,
        },
      ]);
    }
    return inserted;
  });
  if (!row) {
    const earlier = await approvalsRepository(ctx.db).byIdempotencyKey(hold.accountId, hold.idempotencyKey);
    if (!earlier) throw new Error('approval key taken but no approval found');
    return earlier;
  }
  await Promise.all(mails.map((m) => ctx.mailer.send(approvalRequestMail(...m)).catch(() => undefined)));
  return row;
}

/** The booking already held under this idempotency key, if any (a retry answers it). */
export async function heldUnderKey(ctx: Pick<AppContext, 'db'>, accountId: string, key: string) {
  const repo = approvalsRepository(ctx.db);
  return (await repo.idUnderKey(accountId, key)) ? repo.byIdempotencyKey(accountId, key) : undefined;
}
