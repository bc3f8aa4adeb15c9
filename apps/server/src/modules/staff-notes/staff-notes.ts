import type { StaffNoteView } from '@freight/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffNotes, users } from '../../db/schema';
import { type AuditActor, audit } from '../audit/audit';
import { fullName } from '../users/users.presenter';

export type NoteSubject = { type: 'account' | 'shipment'; id: string; accountId: string };

/** Staff's internal notes on an account or a shipment, newest first; customers never read them. */
export async function notesOf(db: Db, type: NoteSubject['type'], id: string): Promise<StaffNoteView[]> {
  const rows = await db
    .select({ note: staffNotes, firstName: users.firstName, lastName: users.lastName })
    .from(staffNotes)
    .leftJoin(users, eq(users.id, staffNotes.authorId))
    .where(and(eq(staffNotes.entityType, type), eq(staffNotes.entityId, id)))
    .orderBy(desc(staffNotes.createdAt))
    .limit(200);
  return rows.map((r) => ({
    id: r.note.id,
    body: r.note.body,
    author: r.firstName === null ? null : fullName({ firstName: r.firstName, lastName: r.lastName ?? '' }),
    created_at: r.note.createdAt.toISOString(),
  }));
}

/** Adds a note, audited in the same transaction. */
export async function addNote(db: Db, actor: AuditActor, subject: NoteSubject, body: string, at: Date) {
  await db.transaction(async (tx) => {
    const [note] = await tx
      .insert(staffNotes)
      .values({ entityType: subject.type, entityId: subject.id, authorId: actor.id, body, createdAt: at })
      .returning({ id: staffNotes.id });
    await audit(
      tx,
      actor,
      {
        action: `${subject.type}.note`,
        entityType: subject.type,
        entityId: subject.id,
        accountId: subject.accountId,
        after: { note_id: note?.id, body },
      },
      at,
    );
  });
}
