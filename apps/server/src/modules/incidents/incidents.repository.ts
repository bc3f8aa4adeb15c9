import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countAhead } from '../../db/count-ahead';
import { keysetBatches } from '../../db/keyset';
import { escapeLike } from '../../db/like';
import { apiIncidents, carriers, users } from '../../db/schema';

/** The list's filter (what an export reads: the search without its page). */
export interface IncidentFilter {
  q?: string;
  carrierId?: string;
  kind?: string;
  state?: 'open' | 'resolved';
  /** Last seen at or after. */
  from?: Date;
  /** Last seen before (exclusive). */
  to?: Date;
}

export interface IncidentSearch extends IncidentFilter {
  page: number;
  perPage: number;
}

const carrierRef = { id: carriers.id, name: carriers.name, scac: carriers.scac };

function whereOf(opts: IncidentFilter) {
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
  return conditions.length ? and(...conditions) : undefined;
}

/** The list's order: newest last seen first (the last-seen index). */
const ORDER = [desc(apiIncidents.lastSeenAt), desc(apiIncidents.id)];

/** Reads of the incident groups and staff's resolve/reopen; incidents are written by incidents.recorder.ts. */
export function incidentsRepository(db: Db) {
  return {
    /** Newest last seen first (the last-seen index), counted up to COUNT_AHEAD past the page. */
    async search(opts: IncidentSearch) {
      const where = whereOf(opts);
      const offset = (opts.page - 1) * opts.perPage;
      const [rows, counted] = await Promise.all([
        db
          .select({ incident: apiIncidents, carrier: carrierRef })
          .from(apiIncidents)
          .leftJoin(carriers, eq(carriers.id, apiIncidents.carrierId))
          .where(where)
          .orderBy(...ORDER)
          .limit(opts.perPage)
          .offset(offset),
        countAhead(db, apiIncidents, where, offset),
      ]);
      return { rows, ...counted };
    },

    /** How many groups the list's filter selects (an export's row count). */
    async count(filter: IncidentFilter) {
      const [row] = await db.select({ n: count() }).from(apiIncidents).where(whereOf(filter));
      return row?.n ?? 0;
    },

    /** Every group the filter selects, in the list's order, by keyset batches (last seen and id). */
    async *batches(filter: IncidentFilter, size = 1_000) {
      const where = whereOf(filter);
      const read = (after: SQL | undefined, limit: number) =>
        db
          .select({ incident: apiIncidents, carrier: carrierRef, key: sql<string>`${apiIncidents.lastSeenAt}::text` })
          .from(apiIncidents)
          .leftJoin(carriers, eq(carriers.id, apiIncidents.carrierId))
          .where(and(where, after))
          .orderBy(...ORDER)
          .limit(limit);
      type Row = Awaited<ReturnType<typeof read>>[number];
      const past = (last: Row) =>
        sql`(${apiIncidents.lastSeenAt}, ${apiIncidents.id}) < (${last.key}::timestamptz, ${last.incident.id}::uuid)`;
      yield* keysetBatches<Row>(read, past, size);
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

    /**
     * One occurrence of a failure: a new incident, or one more of the open incident with the same
     * fingerprint (its latest request, answer and error kept, the time seen never going back).
     */
    async recordOccurrence(row: typeof apiIncidents.$inferInsert) {
      await db
        .insert(apiIncidents)
        .values(row)
        .onConflictDoUpdate({
          target: apiIncidents.fingerprint,
          targetWhere: sql`${apiIncidents.state} = 'open' and ${apiIncidents.fingerprint} <> ''`,
          set: {
            occurrences: sql`${apiIncidents.occurrences} + 1`,
            affectedQuotes: sql`${apiIncidents.affectedQuotes} + ${row.affectedQuotes ?? 0}`,
            lastSeenAt: sql`greatest(${apiIncidents.lastSeenAt}, excluded.last_seen_at)`,
            request: sql`excluded.request`,
            response: sql`excluded.response`,
            error: sql`excluded.error`,
            message: sql`excluded.message`,
          },
        });
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
