import type { UsmcaCertification } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, usmcaCertifications } from '../../db/schema';

export type UsmcaCertificationRow = typeof usmcaCertifications.$inferSelect;

export function usmcaRepository(db: Db) {
  return {
    /** The account's certification with the name of who last changed it, or undefined. */
    async find(accountId: string) {
      const [row] = await db
        .select({ certification: usmcaCertifications, firstName: users.firstName, lastName: users.lastName })
        .from(usmcaCertifications)
        .leftJoin(users, eq(users.id, usmcaCertifications.updatedBy))
        .where(eq(usmcaCertifications.accountId, accountId));
      return row;
    },

    async save(accountId: string, c: UsmcaCertification, by: string | null, at: Date) {
      const values = {
        certifierRole: c.certifier_role,
        company: c.company,
        name: c.name,
        title: c.title,
        address: c.address,
        phone: c.phone,
        email: c.email,
        producer: c.producer,
        blanketFrom: c.blanket_from || null,
        blanketTo: c.blanket_to || null,
        updatedAt: at,
        updatedBy: by,
      };
      await db
        .insert(usmcaCertifications)
        .values({ accountId, ...values })
        .onConflictDoUpdate({ target: usmcaCertifications.accountId, set: values });
    },

    /** Who books, when the account has no certification: the exporter's signer is the booker. */
    async booker(userId: string) {
      const [row] = await db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },
  };
}
