import { NET_TERMS_DAYS } from '@freight/domain';
import { z } from 'zod';
import { email, phone, requiredText } from './fields';

/**
 * Credit applications: a prepaid account asks for terms; accounting staff approve them with net
 * days, a limit and grace days, or decline with a reason. Money is integer USD cents.
 */

export const CREDIT_APPLICATION_STATUS = ['pending', 'approved', 'declined'] as const;
export type CreditApplicationStatus = (typeof CREDIT_APPLICATION_STATUS)[number];

/** The largest limit an application may ask for or staff may grant: $1,000,000. */
export const MAX_CREDIT_LIMIT_CENTS = 100_000_000;

const limitCents = z
  .number({ error: 'validation.required' })
  .int({ error: 'validation.integer' })
  .min(100_00, { error: 'validation.credit_limit_min' })
  .max(MAX_CREDIT_LIMIT_CENTS, { error: 'validation.too_large' });

const person = z.object(
  {
    name: requiredText('validation.required', 120),
    email: email('validation.email_required'),
    phone: phone('validation.phone_required'),
  },
  { error: 'validation.required' },
);

const tradeReference = z.object(
  {
    company: requiredText('validation.required', 160),
    contact: requiredText('validation.required', 120),
    email: email('validation.email_required'),
    phone: phone('validation.phone_required'),
  },
  { error: 'validation.required' },
);

/** POST /api/credit-applications: what the applicant states about the business. */
export const creditApplicationRequest = z.object({
  legal_name: requiredText('validation.required', 200),
  tax_id: requiredText('validation.required', 32).regex(/^[A-Za-z0-9 -]{4,32}$/, { error: 'validation.tax_id' }),
  years_in_business: z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.positive' })
    .max(300, { error: 'validation.too_large' }),
  requested_limit_cents: limitCents,
  bank: z.object(
    {
      name: requiredText('validation.required', 160),
      contact: requiredText('validation.required', 120),
      phone: phone('validation.phone_required'),
    },
    { error: 'validation.required' },
  ),
  trade_references: z.tuple([tradeReference, tradeReference], { error: 'validation.required' }),
  accounts_payable: person,
});
export type CreditApplicationRequest = z.output<typeof creditApplicationRequest>;

/** What is stored of an application besides its columns (the tax id sealed at rest). */
export type CreditApplicationDetails = Omit<CreditApplicationRequest, 'legal_name' | 'requested_limit_cents' | 'tax_id'> & {
  tax_id_sealed: string;
};

/** POST /api/admin/credit-applications/:id/decision. */
export const creditDecisionRequest = z.discriminatedUnion(
  'outcome',
  [
    z.object({
      outcome: z.literal('approved'),
      net_days: z.union(
        NET_TERMS_DAYS.map((d) => z.literal(d)),
        { error: 'validation.choice' },
      ),
      credit_limit_cents: limitCents,
      grace_days: z
        .number({ error: 'validation.required' })
        .int({ error: 'validation.integer' })
        .min(0, { error: 'validation.positive' })
        .max(120, { error: 'validation.too_large' }),
      reason: requiredText('validation.required', 1000),
    }),
    z.object({ outcome: z.literal('declined'), reason: requiredText('validation.required', 1000) }),
  ],
  { error: 'validation.choice' },
);
export type CreditDecisionRequest = z.output<typeof creditDecisionRequest>;

/** GET /api/admin/credit-applications: the queue (pending by default, oldest first), or one account's. */
export const creditApplicationListQuery = z.object({
  status: z.enum([...CREDIT_APPLICATION_STATUS, 'all'], { error: 'validation.choice' }).default('pending'),
  account_id: z.uuid({ error: 'validation.invalid' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type CreditApplicationListQuery = z.output<typeof creditApplicationListQuery>;

/** An application as its account sees it (GET /api/credit-applications). */
export interface CreditApplicationView {
  id: string;
  status: CreditApplicationStatus;
  legal_name: string;
  requested_limit_cents: number;
  created_at: string;
  decided_at: string | null;
  decision_reason: string | null;
  net_days: number | null;
  credit_limit_cents: number | null;
  grace_days: number | null;
}

/** GET /api/credit-applications: the account's terms today and its applications, newest first. */
export interface CreditStandingView {
  payment_terms: 'credit' | 'prepaid';
  net_days: number;
  credit_limit_cents: number;
  can_apply: boolean;
  applications: CreditApplicationView[];
}

/** An application in the staff queue and on its detail (the tax id shown only there). */
export interface AdminCreditApplicationView extends CreditApplicationView {
  account: { id: string; name: string };
  submitted_by: { id: string; name: string; email: string } | null;
  decided_by: { id: string; name: string } | null;
  years_in_business: number;
  tax_id: string | null;
  bank: CreditApplicationRequest['bank'];
  trade_references: CreditApplicationRequest['trade_references'];
  accounts_payable: CreditApplicationRequest['accounts_payable'];
}
