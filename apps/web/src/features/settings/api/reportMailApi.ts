import type { ReportMailSetting, ReportMailSettingView } from '@freight/contracts';
import { api } from '../../../lib/api';

/** The Analytics report by mail: the signed-in user's choice, and the mailed link that turns it off. */
export const REPORT_MAIL_KEY = ['report-mail'] as const;
export const getReportMail = () => api.get<{ data: ReportMailSettingView }>('/api/analytics/report-mail').then((r) => r.data);
export const putReportMail = (body: ReportMailSetting) =>
  api.put<{ data: ReportMailSettingView }>('/api/analytics/report-mail', body).then((r) => r.data);
export const unsubscribeReportMail = (token: string) =>
  api.post<{ data: ReportMailSettingView }>('/api/public/analytics-report/unsubscribe', { token }).then((r) => r.data);
