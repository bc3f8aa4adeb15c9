import type { SmsSettingUpdate, SmsSettingView } from '@freight/contracts';
import { api } from '../../../lib/api';

/** The signed-in user's own mobile number for text alerts (docs/sms.md). */
export const SMS_SETTING_KEY = ['settings', 'sms'] as const;
export const getSmsSetting = () => api.get<{ data: SmsSettingView }>('/api/settings/sms').then((r) => r.data);
export const putSmsSetting = (body: SmsSettingUpdate) => api.put<{ data: SmsSettingView }>('/api/settings/sms', body).then((r) => r.data);
