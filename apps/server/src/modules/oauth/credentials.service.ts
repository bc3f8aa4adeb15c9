import { API_SCOPES, type ApiScope } from '@freight/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { randomToken, safeEqual, sha256 } from '../../security/tokens';
import { type AuditActor, audit } from '../audit/audit';
import { credentialStatus } from './credential-status';
import { credentialsRepository, type OAuthClientRow } from './credentials.repository';

export { credentialStatus };

/** An access token lives an hour (RFC 6749 leaves it to the server; an hour is the common choice). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const HOUR_MS = 3600_000;

/** Who a credential belongs to: a partner, or one account (acting as the user who made it). */
export type CredentialOwner = { partnerId: string } | { accountId: string; actingUserId: string };

/** A refusal of the token endpoint, answered in RFC 6749 section 5.2's shape as well as ours. */
export class OAuthError extends AppError {
  constructor(
    status: 400 | 401,
    code: 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope' | 'invalid_request',
    key = code === 'invalid_request' ? 'errors.invalid_client' : `errors.${code}`,
  ) {
    super(status, code === 'invalid_request' ? 'bad_request' : code, key);
    this.oauthCode = code;
  }
  readonly oauthCode: string;
}

/** 'YYYY-MM-DD' -> the end of that day (UTC): a credential expiring on a day works through it. */
const endOfDay = (day: string | null) => (day ? new Date(`${day}T23:59:59.999Z`) : null);

const newSecret = () => `fpcs_${randomToken(32)}`;

/**
 * OAuth 2.0 client credentials: issued to a partner or an account, the secret shown
 * once and kept as its SHA-256, rotated with an overlap during which both secrets work, revoked
 * or switched off with effect on the next request (every API request reads its client).
 */
export function credentialsService(ctx: AppContext) {
  const repo = credentialsRepository(ctx.db);
  const lastTouch = new Map<string, number>();

  return {
    repo,

    async issue(actor: AuditActor | null, owner: CredentialOwner, input: { name: string; scopes: ApiScope[]; expires_on: string | null }) {
      // A credential born expired would only fail its first token request; the day is a UTC day, as endOfDay's.
      if (input.expires_on !== null && input.expires_on <= ctx.now().toISOString().slice(0, 10)) {
        throw AppError.field('expires_on', 'validation.expiry_future');
      }
      if ('partnerId' in owner && (await repo.partnerStatus(owner.partnerId)) === undefined) {
        throw AppError.field('partner_id', 'validation.choice');
      }
      const secret = newSecret();
      const values = {
        clientId: `fpc_${randomToken(12)}`,
        name: input.name,
        scopes: input.scopes,
        secretHash: sha256(secret),
        expiresAt: endOfDay(input.expires_on),
        createdBy: actor?.id ?? ('actingUserId' in owner ? owner.actingUserId : null),
        createdAt: ctx.now(),
        ...('partnerId' in owner ? { partnerId: owner.partnerId } : { accountId: owner.accountId, actingUserId: owner.actingUserId }),
      };
      const row = await ctx.db.transaction(async (tx) => {
        const created = await credentialsRepository(tx).insert(values);
        if (actor) {
          await audit(
            tx,
            actor,
            {
              action: 'oauth_client.create',
              entityType: 'oauth_client',
              entityId: created.id,
              targetLabel: `${created.name} (${created.clientId})`,
              accountId: created.accountId,
              after: {
                client_id: created.clientId,
                name: created.name,
                scopes: created.scopes,
                expires_at: created.expiresAt,
                partner_id: created.partnerId,
              },
            },
            ctx.now(),
          );
        }
        return created;
      });
      return { row, secret };
    },

    /** A new secret; the old one keeps working for `overlapHours` (0: at once no more). */
    async rotate(actor: AuditActor | null, client: OAuthClientRow, overlapHours: number) {
      if (client.revokedAt) throw new AppError(409, 'conflict', 'errors.credential_revoked');
      const secret = newSecret();
      const now = ctx.now();
      const row = await ctx.db.transaction(async (tx) => {
        const updated = await credentialsRepository(tx).update(client.id, {
          secretHash: sha256(secret),
          previousSecretHash: overlapHours > 0 ? client.secretHash : null,
          previousSecretUntil: overlapHours > 0 ? new Date(now.getTime() + overlapHours * HOUR_MS) : null,
          rotatedAt: now,
        });
        if (actor) {
          await audit(
            tx,
            actor,
            {
              action: 'oauth_client.rotate',
              entityType: 'oauth_client',
              entityId: client.id,
              targetLabel: `${client.name} (${client.clientId})`,
              accountId: client.accountId,
              after: { overlap_hours: overlapHours },
            },
            now,
          );
        }
        return updated;
      });
      if (!row) throw AppError.notFound();
      return { row, secret };
    },

    async revoke(actor: AuditActor | null, client: OAuthClientRow) {
      if (client.revokedAt) throw new AppError(409, 'conflict', 'errors.credential_revoked');
      const now = ctx.now();
      const row = await ctx.db.transaction(async (tx) => {
        const r = credentialsRepository(tx);
        const updated = await r.update(client.id, { revokedAt: now, previousSecretHash: null, previousSecretUntil: null });
        await r.deleteTokens(client.id);
        if (actor) {
          await audit(
            tx,
            actor,
            {
              action: 'oauth_client.revoke',
              entityType: 'oauth_client',
              entityId: client.id,
              targetLabel: `${client.name} (${client.clientId})`,
              accountId: client.accountId,
            },
            now,
          );
        }
        return updated;
      });
      if (!row) throw AppError.notFound();
      return row;
    },

    /**
     * A user's personal API credentials (those acting as them) revoked, in the caller's
     * transaction `db` (a deactivation), each audited; answers how many.
     */
    async revokeActingAs(db: Db, actor: AuditActor, userId: string, now: Date) {
      const revoked = await credentialsRepository(db).revokeActingAs(userId, now);
      for (const client of revoked) {
        await audit(
          db,
          actor,
          {
            action: 'oauth_client.revoke',
            entityType: 'oauth_client',
            entityId: client.id,
            targetLabel: `${client.name} (${client.clientId})`,
            accountId: client.accountId,
          },
          now,
        );
      }
      return revoked.length;
    },

    /**
     * POST /oauth/token with grant_type=client_credentials: the client's secret (or, during a
     * rotation, its previous one) buys an access token with the scopes asked for, or all of the
     * client's. Any fault of the client is the same invalid_client, so nothing tells which part was wrong.
     */
    async grant(input: { grantType?: string; clientId?: string; clientSecret?: string; scope?: string }) {
      if (input.grantType !== 'client_credentials') {
        throw new OAuthError(400, input.grantType ? 'unsupported_grant_type' : 'invalid_request');
      }
      if (!input.clientId || !input.clientSecret) throw new OAuthError(401, 'invalid_client');
      const client = await repo.byClientId(input.clientId);
      const now = ctx.now();
      const hash = sha256(input.clientSecret);
      const secretOk =
        client &&
        (safeEqual(hash, client.secretHash) ||
          (client.previousSecretHash !== null &&
            client.previousSecretUntil !== null &&
            client.previousSecretUntil.getTime() > now.getTime() &&
            safeEqual(hash, client.previousSecretHash)));
      if (!client || !secretOk || credentialStatus(client, now) !== 'active') throw new OAuthError(401, 'invalid_client');
      if (client.partnerId) {
        if ((await repo.partnerStatus(client.partnerId)) !== 'active') throw new OAuthError(401, 'invalid_client');
      }
      const asked = input.scope?.trim() ? [...new Set(input.scope.trim().split(/\s+/))] : client.scopes;
      if (asked.some((s) => !client.scopes.includes(s) || !(API_SCOPES as readonly string[]).includes(s))) {
        throw new OAuthError(400, 'invalid_scope');
      }
      const token = `fpat_${randomToken(32)}`;
      const lifetimeMs = Math.min(
        ACCESS_TOKEN_TTL_SECONDS * 1000,
        client.expiresAt ? client.expiresAt.getTime() - now.getTime() : Number.POSITIVE_INFINITY,
      );
      await repo.insertToken({
        tokenHash: sha256(token),
        clientId: client.id,
        scopes: asked,
        expiresAt: new Date(now.getTime() + lifetimeMs),
        createdAt: now,
      });
      return { access_token: token, token_type: 'Bearer' as const, expires_in: Math.floor(lifetimeMs / 1000), scope: asked.join(' ') };
    },

    /** The last use of a credential, written at most once a minute per client and process. */
    noteUse(clientId: string) {
      const now = ctx.now();
      const last = lastTouch.get(clientId) ?? 0;
      if (now.getTime() - last < 60_000) return;
      lastTouch.set(clientId, now.getTime());
      ctx.background.run('oauth-touch', () => repo.touch(clientId, now));
    },
  };
}

export type CredentialsService = ReturnType<typeof credentialsService>;

export { presentCredential } from './credentials.presenter';
export { credentialsRepository } from './credentials.repository';
