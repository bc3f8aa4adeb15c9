import type { FirstPickupDate } from '@freight/contracts';
import type { Country } from '@freight/domain';
import { api } from '../../../../lib/api';

/** The first pickup date the server's calendar offers from an origin: GET /api/pickup-dates/first (signed in or not). */
export const firstPickupDate = (origin: { country: Country; postal_code: string }, signal?: AbortSignal) =>
  api
    .get<{ data: FirstPickupDate }>('/api/pickup-dates/first', {
      query: { country: origin.country, ...(origin.postal_code ? { postal_code: origin.postal_code } : {}) },
      signal,
    })
    .then((r) => r.data);
