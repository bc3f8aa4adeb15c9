import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rememberedDevices } from '../../db/schema';

/** The browsers customers asked to be remembered on, each known by the keyed hash of its cookie's token. */
export function rememberedDevicesRepository(db: Db) {
  return {
    async add(values: { userId: string; tokenHash: string; userAgent: string | null; expiresAt: Date; now: Date }) {
      await db.insert(rememberedDevices).values({
        userId: values.userId,
        tokenHash: values.tokenHash,
        userAgent: values.userAgent,
        expiresAt: values.expiresAt,
        createdAt: values.now,
      });
    },

    /** Marks the device used and answers true when the token is this user's and not yet expired. */
    async use(userId: string, tokenHash: string, now: Date) {
      const used = await db
        .update(rememberedDevices)
        .set({ lastUsedAt: now })
        .where(and(eq(rememberedDevices.tokenHash, tokenHash), eq(rememberedDevices.userId, userId), gt(rememberedDevices.expiresAt, now)))
        .returning({ id: rememberedDevices.id });
      return used.length > 0;
    },
  };
}
