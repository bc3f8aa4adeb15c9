import { zonedDateTime } from '@freight/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { type ExportSpec, sendExport } from '../../exports/export';
import { requestLanguage } from '../../plugins/errors';
import { audit, auditActor } from '../audit/audit';

/** The staff lists that export. */
export const ADMIN_EXPORT_LISTS = ['shipments', 'accounts', 'incidents', 'disputes', 'support_conversations', 'audit_log'] as const;
export type AdminExportList = (typeof ADMIN_EXPORT_LISTS)[number];

/** The query as the list was asked for, without empty fields: what the audit entry keeps. */
function filtersOf(query: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(query).filter(([k, v]) => k !== 'format' && v !== undefined && v !== ''));
}

/**
 * A staff list's export: the staff user's read of bulk data is audited first (who, which list,
 * which filters, how many rows), then the file streams through the shipper exports' writer.
 */
export async function sendAdminExport<R>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  list: AdminExportList,
  spec: Omit<ExportSpec<R>, 'language' | 'day' | 'name'> & { query: Record<string, unknown> },
) {
  const { query, ...rest } = spec;
  await audit(
    ctx.db,
    auditActor(request),
    {
      action: 'admin_list.export',
      entityType: 'admin_list',
      entityId: list,
      targetLabel: list,
      after: { format: spec.format, filters: filtersOf(query), rows: spec.total ?? null },
    },
    ctx.now(),
  );
  return sendExport(reply, {
    ...rest,
    language: requestLanguage(request),
    name: `admin-${list}`,
    day: zonedDateTime(ctx.now(), ctx.config.BUSINESS_TIME_ZONE).slice(0, 10),
  });
}
