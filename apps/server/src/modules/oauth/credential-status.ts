import type { CredentialStatus } from '@freight/contracts';
import type { OAuthClientRow } from './credentials.repository';

/** Whether a credential may still get tokens: revoked, disabled and expired ones may not (in that order of telling). */
export function credentialStatus(client: Pick<OAuthClientRow, 'revokedAt' | 'disabledAt' | 'expiresAt'>, now: Date): CredentialStatus {
  if (client.revokedAt) return 'revoked';
  if (client.disabledAt) return 'disabled';
  if (client.expiresAt && client.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}
