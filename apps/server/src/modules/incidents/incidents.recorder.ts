import { createHash } from 'node:crypto';
import type { IncidentKind } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiIncidents } from '../../db/schema';
import { redact, redactText } from './redact';

/** One failure to record. */
export interface IncidentIn {
  kind: IncidentKind;
  /** What the portal was doing: 'rate', 'track', 'tracking-events', 'ebay.fulfill'... */
  operation: string;
  carrierId?: string | null;
  /** What was sent or received; redacted here before it is stored. */
  request: unknown;
  response?: unknown;
  error: string;
  at: Date;
  /** Quotes that went on without the carrier because of this failure (rating). */
  affectedQuotes?: number;
  /**
   * What else makes two failures the same problem besides kind, operation and carrier (an unknown
   * SCAC's code). The error text is part of it too, with its numbers blanked.
   */
  groupBy?: string;
}

/** The error's words with the numbers (ids, milliseconds, counts) blanked, so the same failure groups. */
const errorShape = (error: string) => error.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().slice(0, 200);

/** The group an incident belongs to while it is open. */
export function incidentFingerprint(i: Pick<IncidentIn, 'kind' | 'operation' | 'carrierId' | 'groupBy' | 'error'>) {
  const parts = [i.kind, i.operation, i.carrierId ?? '', i.groupBy ?? '', errorShape(i.error)];
  return createHash('sha256').update(parts.join('\u001f')).digest('hex');
}

/** An error as text, as the incident keeps it. */
export const errorText = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

/** A carrier call's failure: it did not answer in time (the callers' time-outs say 'timed out'), or it failed. */
export const carrierFailureKind = (err: unknown): IncidentKind => (/timed out/i.test(errorText(err)) ? 'carrier_timeout' : 'carrier_error');

/**
 * Records a failure as an API incident (issue 16), the one way every module does it. The same
 * failure while its group is open is one row counting its occurrences (the latest request, answer
 * and time kept), not a thousand rows; once staff resolve it, the next occurrence opens a new one.
 */
export async function recordIncident(db: Db, i: IncidentIn) {
  const affected = i.affectedQuotes ?? 0;
  const row = {
    kind: i.kind,
    operation: i.operation,
    carrierId: i.carrierId ?? null,
    fingerprint: incidentFingerprint(i),
    request: redact(i.request ?? null),
    response: i.response === undefined ? null : redact(i.response),
    error: redactText(i.error),
    createdAt: i.at,
    lastSeenAt: i.at,
    affectedQuotes: affected,
  };
  await db
    .insert(apiIncidents)
    .values(row)
    .onConflictDoUpdate({
      target: apiIncidents.fingerprint,
      targetWhere: sql`${apiIncidents.state} = 'open' and ${apiIncidents.fingerprint} <> ''`,
      set: {
        occurrences: sql`${apiIncidents.occurrences} + 1`,
        affectedQuotes: sql`${apiIncidents.affectedQuotes} + ${affected}`,
        lastSeenAt: sql`greatest(${apiIncidents.lastSeenAt}, excluded.last_seen_at)`,
        request: sql`excluded.request`,
        response: sql`excluded.response`,
        error: sql`excluded.error`,
      },
    });
}
