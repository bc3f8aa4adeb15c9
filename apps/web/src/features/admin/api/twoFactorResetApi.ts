import { api } from '../../../lib/api';

/** A super_admin resets a user's lost second factor, with a reason the user is mailed (204). */
export const resetTwoFactor = (userId: string, body: unknown) =>
  api.post(`/api/admin/roles/users/${encodeURIComponent(userId)}/two-factor-reset`, body);
