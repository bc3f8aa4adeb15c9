import type {
  AccountAddress,
  CarrierPreferencesUpdate,
  CarrierVisibility,
  CurrentUser,
  SettingsPatch,
  UpdatePasswordRequest,
  UpdateProfileRequest,
} from '@freight/contracts';
import { api } from '../../../lib/api';

type UserAnswer = { data: CurrentUser };

export const updateProfile = (body: UpdateProfileRequest) => api.put<UserAnswer>('/profile', body);
export const updatePassword = (body: UpdatePasswordRequest) => api.put<{ message?: string }>('/password', body);
export const updateSettings = (body: SettingsPatch) => api.put<UserAnswer>('/api/settings', body);
export const updateAccountAddress = (body: AccountAddress) => api.put<UserAnswer>('/api/account/address', body);
export const updateBillingAddress = (body: AccountAddress) => api.put<UserAnswer>('/api/account/billing-address', body);

/** Carrier visibility (GET /api/carriers, PUT /api/carriers/preferences). */
export const CARRIERS_KEY = ['carriers'] as const;
export const listCarriers = () => api.get<{ data: CarrierVisibility[] }>('/api/carriers');
export const updateCarrierPreferences = (body: CarrierPreferencesUpdate) =>
  api.put<{ data: CarrierVisibility[] }>('/api/carriers/preferences', body);
