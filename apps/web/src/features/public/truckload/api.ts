import type { TruckloadConfirmationView } from '@freight/contracts';
import { api } from '../../../lib/api';

/** GET /api/public/truckload-confirmations/:token (no login): 404 for a link that is not one. */
export const getTruckloadConfirmation = (token: string) =>
  api
    .get<{ data: TruckloadConfirmationView }>(`/api/public/truckload-confirmations/${encodeURIComponent(token)}`, {
      skipAuthRedirect: true,
    })
    .then((r) => r.data);
