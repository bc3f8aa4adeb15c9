import type { IncidentDetail, IncidentKind, IncidentRow } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { apiIncidents } from '../../db/schema';
import { incidentMessageText } from './incidents.recorder';

export type IncidentRecord = typeof apiIncidents.$inferSelect;
export type CarrierRef = { id: string; name: string; scac: string } | null;

/** The error in the reader's language when it is the portal's own words; an outside service's as it came. */
export const incidentError = (i: Pick<IncidentRecord, 'error' | 'message'>, language: Language) =>
  i.message ? incidentMessageText(language, i.message) : i.error;

export function presentIncidentRow(i: IncidentRecord, carrier: CarrierRef, language: Language): IncidentRow {
  return {
    id: i.id,
    kind: i.kind as IncidentKind,
    operation: i.operation,
    carrier: carrier?.id ? carrier : null,
    error: incidentError(i, language),
    occurrences: i.occurrences,
    affected_quotes: i.affectedQuotes,
    first_seen_at: i.createdAt.toISOString(),
    last_seen_at: i.lastSeenAt.toISOString(),
    state: i.state,
  };
}

export function presentIncident(i: IncidentRecord, carrier: CarrierRef, resolvedBy: string | null, language: Language): IncidentDetail {
  return {
    ...presentIncidentRow(i, carrier, language),
    request: i.request ?? null,
    response: i.response ?? null,
    resolved_at: i.resolvedAt?.toISOString() ?? null,
    resolved_by: resolvedBy,
    resolution_note: i.resolutionNote,
  };
}
