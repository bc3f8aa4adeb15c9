import type { TeamPerson } from '@freight/contracts';

/** A person's name as lists and mails show it: first and last, without a stray space when one is empty. */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The same from parts that may be missing (a left join's, an address's): '' when both are. */
export const nameOfParts = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(' ');

/** Users by id with their full name and account, as usersService(db).people looks them up for a list. */
export type People = ReadonlyMap<string, { name: string; accountId: string | null }>;

/**
 * The person a record of `accountId` names ({ id, name }), or null: once the user is gone, and
 * when they are not of that account (staff who made a credential for it), so a reader never
 * learns the name of someone outside their own account.
 */
export function personOf(people: People, id: string | null | undefined, accountId: string | null | undefined): TeamPerson | null {
  const person = id ? people.get(id) : undefined;
  return id && person && accountId && person.accountId === accountId ? { id, name: person.name } : null;
}
