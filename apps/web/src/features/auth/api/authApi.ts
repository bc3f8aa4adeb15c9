import type { CurrentUser, RegisterRequest, TwoFactorChallengeRequest, UpdateProfileRequest } from '@freight/contracts';
import { api } from '../../../lib/api';

export const registerAccount = (body: RegisterRequest) => api.post<{ data: CurrentUser }>('/register', body);
export const requestPasswordReset = (email: string) => api.post<{ message?: string }>('/forgot-password', { email });
export const resetPassword = (body: { token: string; email: string; password: string; password_confirmation: string }) =>
  api.post<{ message?: string }>('/reset-password', body);
export const resendVerification = () => api.post<{ message?: string }>('/email/verification-notification');
/** PUT /profile from the verify page: the same contact, a corrected email. */
export const changeEmail = (body: UpdateProfileRequest) => api.put<{ data: CurrentUser }>('/profile', body);
/** POST /two-factor-challenge: the second step of sign-in; the session starts when it answers 204. */
export const twoFactorChallenge = (body: TwoFactorChallengeRequest) => api.post('/two-factor-challenge', body, { skipAuthRedirect: true });
