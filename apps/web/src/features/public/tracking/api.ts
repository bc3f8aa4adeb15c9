import type { PublicTrackingView } from '@freight/contracts';
import { api } from '../../../lib/api';

/** GET /api/public/tracking/:number (no login): 404 unknown number, 429 too many lookups. */
export const getPublicTracking = (number: string, signal?: AbortSignal) =>
  api
    .get<{ data: PublicTrackingView }>(`/api/public/tracking/${encodeURIComponent(number)}`, { skipAuthRedirect: true, signal })
    .then((r) => r.data);
