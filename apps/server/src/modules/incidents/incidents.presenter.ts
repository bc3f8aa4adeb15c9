import type { IncidentDetail, IncidentKind, IncidentRow } from '@freight/contracts';
import type { apiIncidents } from '../../db/schema';

export type IncidentRecord = typeof apiIncidents.$inferSelect;
export type CarrierRef = { id: string; name: string; scac: string } | null;

export function presentIncidentRow(i: IncidentRecord, carrier: CarrierRef): IncidentRow {
  return {
    id: i.id,
    kind: i.kind as IncidentKind,
    operation: i.operation,
    carrier: carrier?.id ? carrier : null,
    error: i.error,
    occurrences: i.occurrences,
    affected_quotes: i.affectedQuotes,
    first_seen_at: i.createdAt.toISOString(),
    last_seen_at: i.lastSeenAt.toISOString(),
    state: i.state,
  };
}

export function presentIncident(i: IncidentRecord, carrier: CarrierRef, resolvedBy: string | null): IncidentDetail {
  return {
    ...presentIncidentRow(i, carrier),
    request: i.request ?? null,
    response: i.response ?? null,
    resolved_at: i.resolvedAt?.toISOString() ?? null,
    resolved_by: resolvedBy,
    resolution_note: i.resolutionNote,
  };
}
