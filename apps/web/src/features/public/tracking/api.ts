import type { PublicTrackingView } from '@freight/contracts';
import { api } from '../../../lib/api';

export const PUBLIC_TRACKING_KEY = ['public-tracking'] as const;

/** GET /api/public/tracking/:number (no login): 404 unknown number, 429 too many lookups. */
export const getPublicTracking = (number: string) =>
  api
    .get<{ data: PublicTrackingView }>(`/api/public/tracking/${encodeURIComponent(number)}`, { skipAuthRedirect: true })
    .then((r) => r.data);
