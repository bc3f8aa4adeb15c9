import { createHash } from 'node:crypto';
import type { IncidentKind, IncidentMessage } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { Db } from '../../db/client';
import { translator } from '../../i18n';
import { TimedOut } from '../../with-timeout';
import { incidentsRepository } from './incidents.repository';
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
  /** The failure in the portal's own words (translated when shown)... */
  message?: IncidentMessage;
  /** ...or an outside service's error as it came. */
  error?: string;
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

/** A message's values cleaned as the error text is (they come from what was posted: a SCAC, a carrier's name). */
const redactMessage = (m: IncidentMessage): IncidentMessage => ({
  key: m.key,
  params: Object.fromEntries(Object.entries(m.params ?? {}).map(([k, v]) => [k, typeof v === 'string' ? redactText(v) : v])),
});

/** An incident's message in `language`. */
export const incidentMessageText = (language: Language, m: IncidentMessage) => translator(language)(`incident.${m.key}`, m.params);

/** The incident's error in English, as stored. */
const englishError = (i: Pick<IncidentIn, 'message' | 'error'>) => (i.message ? incidentMessageText('en', i.message) : (i.error ?? ''));

/** The group an incident belongs to while it is open. */
export function incidentFingerprint(i: Pick<IncidentIn, 'kind' | 'operation' | 'carrierId' | 'groupBy' | 'message' | 'error'>) {
  const parts = [i.kind, i.operation, i.carrierId ?? '', i.groupBy ?? '', errorShape(englishError(i))];
  return createHash('sha256').update(parts.join('\u001f')).digest('hex');
}

/** An error as text, as the incident keeps it. */
const errorText = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

/**
 * A carrier call's failure as its incident records it: the portal's own time-out (`withTimeout`)
 * in the portal's words, translated when shown; anything else as it came, a time-out when it says
 * it timed out (an adapter's own HTTP time-out).
 */
export function carrierFailure(err: unknown): Pick<IncidentIn, 'kind' | 'message' | 'error'> {
  if (err instanceof TimedOut) return { kind: 'carrier_timeout', message: { key: 'timed_out', params: { seconds: err.ms / 1000 } } };
  const error = errorText(err);
  return { kind: /timed out/i.test(error) ? 'carrier_timeout' : 'carrier_error', error };
}

/**
 * Records a failure as an API incident, the one way every module does it. The same
 * failure while its group is open is one row counting its occurrences (the latest request, answer
 * and time kept), not a thousand rows; once staff resolve it, the next occurrence opens a new one.
 */
export async function recordIncident(db: Db, i: IncidentIn) {
  await incidentsRepository(db).recordOccurrence({
    kind: i.kind,
    operation: i.operation,
    carrierId: i.carrierId ?? null,
    fingerprint: incidentFingerprint(i),
    request: redact(i.request ?? null),
    response: i.response === undefined ? null : redact(i.response),
    error: redactText(englishError(i)),
    message: i.message ? redactMessage(i.message) : null,
    createdAt: i.at,
    lastSeenAt: i.at,
    affectedQuotes: i.affectedQuotes ?? 0,
  });
}
