import type { IncidentListQuery } from '@freight/contracts';
import type { BusinessDays } from '../../business-days';
import type { IncidentFilter } from './incidents.repository';

/** The API incidents' public entry: other modules record an incident through it. */
export { carrierFailure, recordIncident } from './incidents.recorder';

/** The list's query as the repository's filter (the days are the business's), for the list and its export. */
export function incidentFilter(q: Omit<IncidentListQuery, 'page' | 'per_page'>, days: BusinessDays): IncidentFilter {
  return {
    q: q.q || undefined,
    carrierId: q.carrier_id,
    kind: q.kind,
    state: q.state,
    from: q.from ? days.start(q.from) : undefined,
    to: q.to ? days.end(q.to) : undefined,
  };
}

/** The Incidents list's reads and the error's words, for its export. */
export { incidentError } from './incidents.presenter';
export { incidentsRepository } from './incidents.repository';
