import type { RecoveryCodes, TwoFactorConfirmRequest, TwoFactorEnrolment, TwoFactorStatus } from '@freight/contracts';
import { api } from '../../../lib/api';

/** The authenticator app and its recovery codes (Laravel Fortify's endpoints); changes answer 423 until the password is confirmed. */
export const TWO_FACTOR_KEY = ['two-factor'] as const;
export const twoFactorStatus = () => api.get<{ data: TwoFactorStatus }>('/user/two-factor-authentication');
export const startEnrolment = () => api.post<{ data: TwoFactorEnrolment }>('/user/two-factor-authentication');
export const confirmEnrolment = (body: TwoFactorConfirmRequest) =>
  api.post<{ data: RecoveryCodes }>('/user/confirmed-two-factor-authentication', body);
export const newRecoveryCodes = () => api.post<{ data: RecoveryCodes }>('/user/two-factor-recovery-codes');
export const turnOff = () => api.delete('/user/two-factor-authentication');
