import { REPORT_MAIL_CHOICES } from '@freight/domain/analytics';
import { z } from 'zod';
import { choice } from './fields';

/**
 * The Analytics report by mail (GET and PUT /api/analytics/report-mail): off, weekly or monthly,
 * for a user who may read Analytics; and the mailed link that turns it off without signing in
 * (POST /api/public/analytics-report/unsubscribe).
 */
export const reportMailSetting = z.object({ frequency: choice(REPORT_MAIL_CHOICES) });
export type ReportMailSetting = z.input<typeof reportMailSetting>;

/** The user's choice of the Analytics report by mail. */
export const reportMailSettingView = z.strictObject({
  frequency: z.enum(REPORT_MAIL_CHOICES).meta({ description: 'How often the report is mailed: off, weekly or monthly' }),
});
export type ReportMailSettingView = z.output<typeof reportMailSettingView>;

export const reportMailUnsubscribe = z.object({
  token: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.invalid' }),
});
