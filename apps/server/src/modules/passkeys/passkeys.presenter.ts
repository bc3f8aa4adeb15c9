import type { Passkey, PasskeyAdded, RecoveryCodes } from '@freight/contracts';
import type { PasskeyRow } from './passkeys.repository';

/** A passkey as its owner sees it: never its key or credential id. */
export const presentPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === 'multiDevice',
});

/** A passkey just added, with the recovery codes that came with the user's first factor (shown this once). */
export const presentAddedPasskey = (row: PasskeyRow, codes: RecoveryCodes | undefined): PasskeyAdded => ({
  ...presentPasskey(row),
  ...codes,
});
