import { NET_TERMS_DAYS, PAYMENT_TERMS } from '@freight/domain';
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
export const creditApplicationView = z.strictObject({
  id: z.uuid(),
  status: z.enum(CREDIT_APPLICATION_STATUS),
  legal_name: z.string(),
  requested_limit_cents: z.int(),
  created_at: z.iso.datetime(),
  decided_at: z.iso.datetime().nullable(),
  decision_reason: z.string().nullable(),
  net_days: z.int().nullable().meta({ description: 'The terms granted; null unless approved' }),
  credit_limit_cents: z.int().nullable().meta({ description: 'The limit granted; null unless approved' }),
  grace_days: z.int().nullable().meta({ description: 'The grace days granted; null unless approved' }),
});
export type CreditApplicationView = z.output<typeof creditApplicationView>;

/** GET /api/credit-applications: the account's terms today and its applications, newest first. */
export const creditStandingView = z.strictObject({
  payment_terms: z.enum(PAYMENT_TERMS),
  net_days: z.int(),
  credit_limit_cents: z.int(),
  can_apply: z.boolean().meta({ description: 'The account is prepaid and has no application pending' }),
  applications: z.array(creditApplicationView),
});
export type CreditStandingView = z.output<typeof creditStandingView>;

const contactView = z.strictObject({ name: z.string(), email: z.string(), phone: z.string() });
const tradeReferenceView = z.strictObject({ company: z.string(), contact: z.string(), email: z.string(), phone: z.string() });

/** An application in the staff queue and on its detail (the tax id shown only there). */
export const adminCreditApplicationView = creditApplicationView.extend({
  account: z.strictObject({ id: z.uuid(), name: z.string() }),
  submitted_by: z
    .strictObject({ id: z.uuid(), name: z.string(), email: z.string() })
    .nullable()
    .meta({ description: 'null once that user is deleted' }),
  decided_by: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
  years_in_business: z.int(),
  tax_id: z.string().nullable().meta({ description: 'On the detail only; null in the queue' }),
  bank: z.strictObject({ name: z.string(), contact: z.string(), phone: z.string() }),
  trade_references: z.tuple([tradeReferenceView, tradeReferenceView]),
  accounts_payable: contactView,
});
export type AdminCreditApplicationView = z.output<typeof adminCreditApplicationView>;
