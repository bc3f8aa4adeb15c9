import type { StaffNoteView } from '@freight/contracts';
import type { Db } from '../../db/client';
import { fullName } from '../../people';
import { type AuditActor, audit } from '../audit/audit';
import { type NoteSubject, staffNotesRepository } from './staff-notes.repository';

export type { NoteSubject } from './staff-notes.repository';

/** Staff's internal notes on an account or a shipment, newest first; customers never read them. */
export async function notesOf(db: Db, type: NoteSubject['type'], id: string): Promise<StaffNoteView[]> {
  const rows = await staffNotesRepository(db).of(type, id);
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
    const noteId = await staffNotesRepository(tx).insert(subject, actor.id, body, at);
    await audit(
      tx,
      actor,
      {
        action: `${subject.type}.note`,
        entityType: subject.type,
        entityId: subject.id,
        accountId: subject.accountId,
        after: { note_id: noteId, body },
      },
      at,
    );
  });
}
