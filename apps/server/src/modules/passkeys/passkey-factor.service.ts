import type { Db } from '../../db/client';
import { passkeysRepository } from './passkeys.repository';

/**
 * A user's passkeys as the two-factor module sees them: a passkey is a second factor too, so the
 * recovery codes and a staff reset count and remove them. An entry of its own because the passkeys
 * service uses the two-factor service.
 */
export function passkeyFactor(db: Db) {
  const repo = passkeysRepository(db);
  return { hasAny: repo.hasAny, count: repo.count, removeAll: repo.removeAll };
}
