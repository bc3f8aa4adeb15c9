import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsMessages, smsOptOuts, userSmsNumbers } from '../../db/schema';

/** Mobile numbers, opt-outs and the record of texts sent. Pass a transaction as `db` to take part in it. */
export function smsRepository(db: Db) {
  return {
    async numberOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ phone: userSmsNumbers.phoneNumber }).from(userSmsNumbers).where(eq(userSmsNumbers.userId, userId));
      return row?.phone ?? null;
    },

    async setNumber(userId: string, phone: string, now: Date) {
      await db
        .insert(userSmsNumbers)
        .values({ userId, phoneNumber: phone, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: userSmsNumbers.userId, set: { phoneNumber: phone, updatedAt: now } });
    },

    async clearNumber(userId: string) {
      await db.delete(userSmsNumbers).where(eq(userSmsNumbers.userId, userId));
    },

    async isOptedOut(phone: string): Promise<boolean> {
      const [row] = await db.select({ phone: smsOptOuts.phoneNumber }).from(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone));
      return !!row;
    },

    /** The first opt-out stays (its time and word); a repeated STOP changes nothing. */
    async optOut(phone: string, keyword: string, now: Date) {
      await db.insert(smsOptOuts).values({ phoneNumber: phone, keyword, optedOutAt: now }).onConflictDoNothing();
    },

    async optIn(phone: string) {
      await db.delete(smsOptOuts).where(eq(smsOptOuts.phoneNumber, phone));
    },

    async recordMessage(row: {
      userId: string;
      toNumber: string;
      status: 'sent' | 'failed';
      providerSid: string | null;
      errorCode: number | null;
      createdAt: Date;
    }) {
      await db.insert(smsMessages).values(row);
    },

    /** Forgets the record of texts sent before `before`; answers how many. */
    async deleteMessagesBefore(before: Date): Promise<number> {
      const gone = await db.delete(smsMessages).where(lt(smsMessages.createdAt, before)).returning({ id: smsMessages.id });
      return gone.length;
    },
  };
}
