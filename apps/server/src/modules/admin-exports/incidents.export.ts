import { type Language, zonedDateTime } from '@freight/domain';
import type { ExportColumn } from '../../exports/export';
import { exportWord } from '../../exports/words';
import { incidentError, type incidentsRepository } from '../incidents/incidents.service';

type Row = Awaited<ReturnType<ReturnType<typeof incidentsRepository>['search']>>['rows'][number];

/** API Incidents' columns: what the list shows, the carrier's name and SCAC apart. */
export function adminIncidentExportColumns(language: Language, timeZone: string): ExportColumn<Row>[] {
  const at = (d: Date) => zonedDateTime(d, timeZone);
  return [
    { key: 'incident_kind', value: (r) => exportWord(language, `values.incident_kinds.${r.incident.kind}`) },
    { key: 'operation', value: (r) => r.incident.operation },
    { key: 'carrier', value: (r) => r.carrier?.name },
    { key: 'scac', value: (r) => r.carrier?.scac },
    { key: 'error', value: (r) => incidentError(r.incident, language) },
    { key: 'occurrences', kind: 'number', value: (r) => r.incident.occurrences },
    { key: 'affected_quotes', kind: 'number', value: (r) => r.incident.affectedQuotes },
    { key: 'first_seen', kind: 'datetime', value: (r) => at(r.incident.createdAt) },
    { key: 'last_seen', kind: 'datetime', value: (r) => at(r.incident.lastSeenAt) },
    { key: 'incident_state', value: (r) => exportWord(language, `values.incident_states.${r.incident.state}`) },
  ];
}
