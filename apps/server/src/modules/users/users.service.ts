import type { Db } from '../../db/client';
import { usersRepository } from './users.repository';

export { presentUser } from './users.presenter';
export type { LoadedUser, SettingsRow, UserRow } from './users.repository';

/**
 * What other modules may do with users: the users module's public entry (its repository stays
 * its own). Pass a transaction as `db` to take part in it.
 */
export function usersService(db: Db) {
  const repo = usersRepository(db);
  return {
    load: repo.load,
    findById: repo.findById,
    /** The user row alone, by email (any case). */
    findByEmail: repo.findByEmail,
    /** A user by email, with settings and account (the demo seed finds its users by their published addresses). */
    loadByEmail: repo.loadByEmail,
    emailTaken: repo.emailTaken,
    /** Whom a mail about the user's own records goes to (address, first name, language, subscriptions). */
    mailRecipient: repo.mailRecipient,
    /** Who made an account's records, by id: give each record's person to personOf (people.ts). */
    people: repo.people,
    /** Inserts a user with their settings (call inside a transaction). */
    create: repo.create,
    update: repo.update,
    updateSettings: repo.updateSettings,
    /** Signs the user out everywhere; their live streams end with the sessions. */
    endSessions: repo.endSessions,
  };
}
