import type { ApiScope, CredentialView } from '@freight/contracts';
import { type People, personOf } from '../../people';
import { credentialStatus } from './credential-status';
import type { CredentialWithOwner } from './credentials.repository';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A credential as lists show it: never its secret or the secret's hash. `people`
 * (usersService.people) names who of the account made it; a partner's names nobody.
 */
export function presentCredential({ client, partnerName, accountName }: CredentialWithOwner, people: People, now: Date): CredentialView {
  return {
    id: client.id,
    created_by: personOf(people, client.createdBy, client.accountId),
    client_id: client.clientId,
    name: client.name,
    owner: client.partnerId
      ? { kind: 'partner', id: client.partnerId, name: partnerName ?? '' }
      : { kind: 'account', id: client.accountId ?? '', name: accountName ?? '' },
    scopes: client.scopes as ApiScope[],
    status: credentialStatus(client, now),
    expires_at: iso(client.expiresAt),
    previous_secret_until: client.previousSecretUntil && client.previousSecretUntil > now ? client.previousSecretUntil.toISOString() : null,
    created_at: client.createdAt.toISOString(),
    rotated_at: iso(client.rotatedAt),
    revoked_at: iso(client.revokedAt),
    last_used_at: iso(client.lastUsedAt),
  };
}
