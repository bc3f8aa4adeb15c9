import { eq } from 'drizzle-orm';
import { randomToken } from '../security/tokens';
import type { Db } from './client';
import { appState } from './schema';

/** Reads a shared value, creating it once (first writer wins, so every process agrees). */
export async function sharedValue(db: Db, key: string, create: () => string): Promise<string> {
  await db.insert(appState).values({ key, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(appState).where(eq(appState.key, key));
  if (!row) throw new Error(`app_state ${key} missing after insert`);
  return row.value;
}

/**
 * The app's key: APP_KEY when configured, else one made once and kept in the database, so every
 * process on it (and the demo seed, which seals the demo staff's authenticator) uses the same.
 */
export const appKeyOf = (db: Db, configured: string | undefined) => configured ?? sharedValue(db, 'app_key', () => randomToken(48));

/**
 * A JSON value kept under `key` in app_state, such as the marks a summary job keeps of what it
 * counted last: read (null before its first write), and written whole.
 */
export function keptJson<T>(db: Db, key: string) {
  return {
    async read(): Promise<T | null> {
      const [row] = await db.select().from(appState).where(eq(appState.key, key));
      return row ? (JSON.parse(row.value) as T) : null;
    },
    async write(value: T) {
      const text = JSON.stringify(value);
      await db
        .insert(appState)
        .values({ key, value: text })
        .onConflictDoUpdate({ target: appState.key, set: { value: text } });
    },
  };
}
