import { z } from 'zod';
import { isoDateTime, requiredText } from './fields';

/**
 * Site notifications: notices staff publish to the portal. A notice has a severity, an
 * audience (every customer, one account's users, or staff), a title and text in English and
 * Spanish, and a window; customers read it in their language.
 */
export const NOTICE_SEVERITIES = ['info', 'warning', 'outage'] as const;
export type NoticeSeverity = (typeof NOTICE_SEVERITIES)[number];
export const NOTICE_AUDIENCES = ['customers', 'account', 'staff'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
export const NOTICE_STATES = ['scheduled', 'active', 'ended', 'retired'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

const instant = isoDateTime();

export const siteNotificationRequest = z
  .object({
    severity: z.enum(NOTICE_SEVERITIES, { error: 'validation.choice' }),
    audience: z.enum(NOTICE_AUDIENCES, { error: 'validation.choice' }),
    account_id: z.uuid({ error: 'validation.required' }).nullable().optional(),
    title_en: requiredText('validation.required', 120),
    title_es: requiredText('validation.required', 120),
    body_en: requiredText('validation.required', 1000),
    body_es: requiredText('validation.required', 1000),
    starts_at: instant,
    ends_at: instant.nullable().optional(),
  })
  .superRefine((n, ctx) => {
    if (n.audience === 'account' && !n.account_id) ctx.addIssue({ code: 'custom', path: ['account_id'], message: 'validation.required' });
    if (n.ends_at && Date.parse(n.ends_at) <= Date.parse(n.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'validation.ends_after_start' });
  });
export type SiteNotificationRequest = z.output<typeof siteNotificationRequest>;

export const siteNotificationListQuery = z.object({
  state: z.enum(NOTICE_STATES, { error: 'validation.choice' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

/** A notice as staff edit it. */
export const siteNotificationView = z.strictObject({
  id: z.string(),
  severity: z.enum(NOTICE_SEVERITIES),
  audience: z.enum(NOTICE_AUDIENCES),
  account: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  title_en: z.string(),
  title_es: z.string(),
  body_en: z.string(),
  body_es: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  retired_at: z.string().nullable(),
  state: z.enum(NOTICE_STATES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteNotificationView = z.output<typeof siteNotificationView>;

/** A notice as a reader sees it, in their language (GET /api/notifications/active, /api/public/notices). */
export const activeNotice = z.strictObject({
  id: z.string(),
  severity: z.enum(NOTICE_SEVERITIES),
  title: z.string(),
  body: z.string(),
  /** Info notices can be closed for good; warnings and outages stay while they last. */
  dismissible: z.boolean(),
});
export type ActiveNotice = z.output<typeof activeNotice>;
