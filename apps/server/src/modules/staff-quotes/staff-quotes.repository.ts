import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, quotes } from '../../db/schema';

/** The staff's reads of quotes across every account. */
export function staffQuotesRepository(db: Db) {
  return {
    /** A quote of any account, with its account's name. */
    async find(id: string) {
      const [row] = await db
        .select({ quote: quotes, accountName: accounts.name })
        .from(quotes)
        .innerJoin(accounts, eq(accounts.id, quotes.accountId))
        .where(eq(quotes.id, id));
      return row;
    },
  };
}
