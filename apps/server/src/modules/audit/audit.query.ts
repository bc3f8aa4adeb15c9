import { isoDate } from '@freight/contracts';
import { isSuperAdmin } from '@freight/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors';
import { verified } from '../../plugins/guards';
import type { AuditFilter } from './audit.repository';

/** The Audit Log's filter, as its page and its export take it. */
export const auditFilterQuery = z.object({
  /** Part of the action, the staff user's email or the record's name, or a record's id. */
  q: z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  /** Any kind of record the log names ('user', 'carrier', 'oauth_client'...): new kinds need no change here. */
  entity_type: z
    .string()
    .regex(/^[a-z][a-z_]{0,39}$/, { error: 'validation.choice' })
    .optional(),
  account_id: z.uuid({ error: 'validation.invalid' }).optional(),
  // The portal's dates (1900 to 2999): the day after '9999-12-31' is a year the database cannot read.
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export function auditFilterOf(q: z.output<typeof auditFilterQuery>): AuditFilter {
  return {
    q: q.q || undefined,
    entityType: q.entity_type,
    accountId: q.account_id,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000) : undefined,
  };
}

/** The log's export is the super_admin's alone, whoever else the page's door may one day let in. */
export async function superAdminOnly(request: FastifyRequest) {
  if (!isSuperAdmin(verified(request).user.roles)) throw AppError.forbidden();
}
