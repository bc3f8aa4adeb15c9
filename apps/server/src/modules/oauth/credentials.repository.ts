import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, integrationPartners, oauthAccessTokens, oauthClients, partnerAccounts, userSettings, users } from '../../db/schema';
import type { LoadedUser } from '../users/users.service';

export type OAuthClientRow = typeof oauthClients.$inferSelect;

/** A credential with the name of its owner (partner or account), as lists show it. */
export interface CredentialWithOwner {
  client: OAuthClientRow;
  partnerName: string | null;
  accountName: string | null;
}

/**
 * What a bearer token stands for: its scopes and expiry, its client and the client's partner, the
 * partner's grant on the account the request names (if any), and the user the call acts as: the
 * client's own for an account's credential, the grant's for a partner.
 */
export interface TokenGrant {
  scopes: string[];
  expiresAt: Date;
  client: Pick<OAuthClientRow, 'id' | 'clientId' | 'partnerId' | 'accountId' | 'actingUserId' | 'revokedAt' | 'disabledAt' | 'expiresAt'>;
  partnerStatus: string | null;
  /** The partner's carrier, when it is a carrier partner. */
  partnerCarrierId: string | null;
  grant: { accountId: string; disabledAt: Date | null } | null;
  acting: LoadedUser | null;
}

export function credentialsRepository(db: Db) {
  const withOwner = () =>
    db
      .select({ client: oauthClients, partnerName: integrationPartners.name, accountName: accounts.name })
      .from(oauthClients)
      .leftJoin(integrationPartners, eq(integrationPartners.id, oauthClients.partnerId))
      .leftJoin(accounts, eq(accounts.id, oauthClients.accountId));

  // Every API request runs this one statement (prepared, named on PostgreSQL): the token, its
  // client and partner, the partner's grant on the named account and the acting user with their
  // settings and account; a session-signed request costs one statement too (plugins/session.ts).
  const tokenQuery = db
    .select({
      scopes: oauthAccessTokens.scopes,
      expiresAt: oauthAccessTokens.expiresAt,
      client: {
        id: oauthClients.id,
        clientId: oauthClients.clientId,
        partnerId: oauthClients.partnerId,
        accountId: oauthClients.accountId,
        actingUserId: oauthClients.actingUserId,
        revokedAt: oauthClients.revokedAt,
        disabledAt: oauthClients.disabledAt,
        expiresAt: oauthClients.expiresAt,
      },
      partnerStatus: integrationPartners.status,
      partnerCarrierId: integrationPartners.carrierId,
      grant: { accountId: partnerAccounts.accountId, disabledAt: partnerAccounts.disabledAt },
      user: users,
      settings: userSettings,
      account: accounts,
    })
    .from(oauthAccessTokens)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthAccessTokens.clientId))
    .leftJoin(integrationPartners, eq(integrationPartners.id, oauthClients.partnerId))
    .leftJoin(
      partnerAccounts,
      and(eq(partnerAccounts.partnerId, oauthClients.partnerId), eq(partnerAccounts.accountId, sql`${sql.placeholder('account')}::uuid`)),
    )
    .leftJoin(users, eq(users.id, sql`coalesce(${oauthClients.actingUserId}, ${partnerAccounts.actingUserId})`))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(oauthAccessTokens.tokenHash, sql.placeholder('hash')))
    .prepare('oauth_token_grant');

  return {
    async insert(values: typeof oauthClients.$inferInsert) {
      const [row] = await db.insert(oauthClients).values(values).returning();
      if (!row) throw new Error('credential insert returned no row');
      return row;
    },
    async update(id: string, values: Partial<typeof oauthClients.$inferInsert>) {
      const [row] = await db.update(oauthClients).set(values).where(eq(oauthClients.id, id)).returning();
      return row;
    },
    async find(id: string, where?: SQL) {
      const [row] = await withOwner().where(where ? and(eq(oauthClients.id, id), where) : eq(oauthClients.id, id));
      return row;
    },
    async partnerStatus(id: string) {
      const [row] = await db.select({ status: integrationPartners.status }).from(integrationPartners).where(eq(integrationPartners.id, id));
      return row?.status;
    },
    byClientId: async (clientId: string) => (await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)))[0],
    list: (where?: SQL) => withOwner().where(where).orderBy(desc(oauthClients.createdAt)).limit(500),
    ofAccount: (accountId: string) => eq(oauthClients.accountId, accountId),
    ofPartner: (partnerId: string) => eq(oauthClients.partnerId, partnerId),

    async insertToken(values: typeof oauthAccessTokens.$inferInsert) {
      await db.insert(oauthAccessTokens).values(values);
    },
    /** `account`: the account a partner's request names (a UUID), or null. */
    async tokenGrant(hash: string, account: string | null): Promise<TokenGrant | undefined> {
      const [row] = await tokenQuery.execute({ hash, account });
      if (!row) return undefined;
      const { user, settings, account: accountRow, ...rest } = row;
      return { ...rest, acting: user && settings ? { user, settings, account: accountRow } : null };
    },
    /**
     * Revokes every live credential through which the API acts as this user (their personal
     * access), with its tokens; answers the clients revoked.
     */
    async revokeActingAs(userId: string, now: Date) {
      const revoked = await db
        .update(oauthClients)
        .set({ revokedAt: now, previousSecretHash: null, previousSecretUntil: null })
        .where(and(eq(oauthClients.actingUserId, userId), isNull(oauthClients.revokedAt)))
        .returning({ id: oauthClients.id, name: oauthClients.name, clientId: oauthClients.clientId, accountId: oauthClients.accountId });
      const ids = revoked.map((c) => c.id);
      if (ids.length) await db.delete(oauthAccessTokens).where(inArray(oauthAccessTokens.clientId, ids));
      return revoked;
    },
    /** Tokens of a revoked credential die with it (they would be refused anyway: this keeps the table small). */
    async deleteTokens(clientId: string) {
      await db.delete(oauthAccessTokens).where(eq(oauthAccessTokens.clientId, clientId));
    },
    async purgeExpiredTokens(now: Date) {
      await db.delete(oauthAccessTokens).where(lt(oauthAccessTokens.expiresAt, now));
    },
    async touch(id: string, at: Date) {
      await db
        .update(oauthClients)
        .set({ lastUsedAt: at })
        .where(and(eq(oauthClients.id, id), or(isNull(oauthClients.lastUsedAt), lt(oauthClients.lastUsedAt, at))));
    },
  };
}
