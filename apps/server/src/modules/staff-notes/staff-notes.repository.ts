import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffNotes, users } from '../../db/schema';

/** What an account or a shipment a note is on. */
export type NoteSubject = { type: 'account' | 'shipment'; id: string; accountId: string };

export function staffNotesRepository(db: Db) {
  return {
    /** A subject's notes with their authors' names, newest first (the latest 200). */
    of(type: NoteSubject['type'], id: string) {
      return db
        .select({ note: staffNotes, firstName: users.firstName, lastName: users.lastName })
        .from(staffNotes)
        .leftJoin(users, eq(users.id, staffNotes.authorId))
        .where(and(eq(staffNotes.entityType, type), eq(staffNotes.entityId, id)))
        .orderBy(desc(staffNotes.createdAt))
        .limit(200);
    },

    async insert(subject: NoteSubject, authorId: string, body: string, at: Date) {
      const [note] = await db
        .insert(staffNotes)
        .values({ entityType: subject.type, entityId: subject.id, authorId, body, createdAt: at })
        .returning({ id: staffNotes.id });
      return note?.id;
    },
  };
}
