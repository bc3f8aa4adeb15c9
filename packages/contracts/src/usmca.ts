import { CERTIFIER_ROLES, isBlanketPeriod, PRODUCER_STATEMENTS } from '@freight/domain/customs';
import { z } from 'zod';
import { choice, email, isoDate, phone, requiredText } from './fields';

export {
  CERTIFIER_ROLES,
  type CertifierRole,
  ORIGIN_CRITERIA,
  type OriginCriterion,
  PRODUCER_STATEMENTS,
  type ProducerStatement,
} from '@freight/domain/customs';

/**
 * PUT /api/account/usmca-certification: what an account's USMCA certifications of origin say
 * shipment after shipment: who certifies and in what role, the producer, and the blanket period
 * (both days or neither; up to 12 months) covering its goods' crossings. Each goods line's origin
 * criterion is the booking's.
 */
export const usmcaCertificationRequest = z
  .object({
    certifier_role: choice(CERTIFIER_ROLES),
    company: requiredText('validation.required', 160),
    name: requiredText('validation.required', 120),
    title: requiredText('validation.required', 120),
    address: requiredText('validation.required', 300),
    phone: phone(),
    email: email(),
    producer: choice(PRODUCER_STATEMENTS),
    blanket_from: isoDate.or(z.literal('')).optional().default(''),
    blanket_to: isoDate.or(z.literal('')).optional().default(''),
  })
  .superRefine((c, ctx) => {
    if (!c.blanket_from && !c.blanket_to) return;
    if (!c.blanket_from) ctx.addIssue({ code: 'custom', path: ['blanket_from'], message: 'validation.required' });
    else if (!c.blanket_to) ctx.addIssue({ code: 'custom', path: ['blanket_to'], message: 'validation.required' });
    else if (!isBlanketPeriod(c.blanket_from, c.blanket_to))
      ctx.addIssue({ code: 'custom', path: ['blanket_to'], message: 'validation.blanket_period' });
  });
export type UsmcaCertificationRequest = z.input<typeof usmcaCertificationRequest>;
export type UsmcaCertification = z.output<typeof usmcaCertificationRequest>;

/** Who certifies a USMCA origin and how: the account's certification and a shipment's copy of it share these. */
export const usmcaCertifierView = z.strictObject({
  certifier_role: z.enum(CERTIFIER_ROLES),
  company: z.string(),
  name: z.string(),
  title: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  producer: z.enum(PRODUCER_STATEMENTS),
});

/** GET /api/account/usmca-certification: the account's, or null before anyone set it. */
export const usmcaCertificationView = usmcaCertifierView.extend({
  blanket_from: z.union([z.iso.date(), z.literal('')]).meta({ description: "The blanket period's first day; '' for none" }),
  blanket_to: z.union([z.iso.date(), z.literal('')]),
  updated_at: z.iso.datetime(),
  updated_by: z.strictObject({ name: z.string() }).nullable().meta({ description: 'Who set it last; null once they are gone' }),
});
export type UsmcaCertificationView = z.output<typeof usmcaCertificationView>;

/**
 * What a shipment's certification of origin was signed under, copied at booking when a line
 * claims USMCA (so a later change of the account's does not rewrite it): the account's
 * certification, its blanket period only when it covers the pickup date; or, when the account has
 * none, the exporter certifying with the booker's name, the producer's name on request.
 */
export interface UsmcaCertificationSnapshot {
  certifier_role: UsmcaCertification['certifier_role'];
  company: string;
  name: string;
  title: string;
  address: string;
  phone: string;
  email: string;
  producer: UsmcaCertification['producer'];
  blanket_from: string;
  blanket_to: string;
  /** The day it was signed: the booking's. */
  signed_on: string;
}
