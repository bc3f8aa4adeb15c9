import type { Db } from '../../db/client';
import { accountsRepository } from './accounts.repository';

/**
 * The user an account's staff-made credential or partner grant acts as, and who hears of the
 * account's switched-off webhooks when their maker is gone: its first active account admin (the
 * one who signed the company up, unless deactivated since).
 */
export const accountAdminOf = (db: Db, accountId: string) => accountsRepository(db).firstAdmin(accountId);
