import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { apiIncidents, carriers, users } from '../../db/schema';
import { countAhead } from '../../paging';

export interface IncidentSearch {
  q?: string;
  carrierId?: string;
  kind?: string;
  state?: 'open' | 'resolved';
  /** Last seen at or after. */
  from?: Date;
  /** Last seen before (exclusive). */
  to?: Date;
  page: number;
  perPage: number;
}

const carrierRef = { id: carriers.id, name: carriers.name, scac: carriers.scac };

/** Reads of the incident groups and staff's resolve/reopen; incidents are written by incidents.recorder.ts. */
export function incidentsRepository(db: Db) {
  return {
    /** Newest last seen first (the last-seen index), counted up to COUNT_AHEAD past the page. */
    async search(opts: IncidentSearch) {
      const conditions: SQL[] = [];
      if (opts.q) {
        const like = `%${escapeLike(opts.q)}%`;
        conditions.push(or(ilike(apiIncidents.error, like), ilike(apiIncidents.operation, like), ilike(apiIncidents.kind, like)) as SQL);
      }
      if (opts.carrierId) conditions.push(eq(apiIncidents.carrierId, opts.carrierId));
      if (opts.kind) conditions.push(eq(apiIncidents.kind, opts.kind));
      if (opts.state) conditions.push(eq(apiIncidents.state, opts.state));
      if (opts.from) conditions.push(gte(apiIncidents.lastSeenAt, opts.from));
      if (opts.to) conditions.push(lt(apiIncidents.lastSeenAt, opts.to));
      const where = conditions.length ? and(...conditions) : undefined;
      const offset = (opts.page - 1) * opts.perPage;
      const [rows, counted] = await Promise.all([
        db
          .select({ incident: apiIncidents, carrier: carrierRef })
          .from(apiIncidents)
          .leftJoin(carriers, eq(carriers.id, apiIncidents.carrierId))
          .where(where)
          .orderBy(desc(apiIncidents.lastSeenAt), desc(apiIncidents.id))
          .limit(opts.perPage)
          .offset(offset),
        countAhead(db, apiIncidents, where, offset),
      ]);
      return { rows, ...counted };
    },

    async find(id: string, lock = false) {
      const query = db
        .select({ incident: apiIncidents, carrier: carrierRef, resolvedBy: users.email })
        .from(apiIncidents)
        .leftJoin(carriers, eq(carriers.id, apiIncidents.carrierId))
        .leftJoin(users, eq(users.id, apiIncidents.resolvedBy))
        .where(eq(apiIncidents.id, id));
      const [row] = lock ? await query.for('update', { of: apiIncidents }) : await query;
      return row;
    },

    /** Another open group of the same failure (reopening this one would make two). */
    async openTwin(fingerprint: string, id: string) {
      if (!fingerprint) return undefined;
      const [row] = await db
        .select({ id: apiIncidents.id })
        .from(apiIncidents)
        .where(and(eq(apiIncidents.fingerprint, fingerprint), eq(apiIncidents.state, 'open')));
      return row && row.id !== id ? row : undefined;
    },

    async setState(id: string, change: { state: 'open' | 'resolved'; note: string; by: string; at: Date }) {
      const resolved = change.state === 'resolved';
      const [row] = await db
        .update(apiIncidents)
        .set({
          state: change.state,
          resolutionNote: change.note,
          resolvedAt: resolved ? change.at : null,
          resolvedBy: resolved ? change.by : null,
        })
        .where(eq(apiIncidents.id, id))
        .returning();
      return row;
    },
  };
}
