import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { ebayStores, invoiceDisputes, shipments, supportConversations, users } from '../../db/schema';
import { alerts } from '../../db/schema-alerts';
import { claims } from '../../db/schema-claims';
import { oauthClients, webhookSubscriptions } from '../../db/schema-integrations';
import { creditApplications } from '../../db/schema-trust';
import { isUuid } from '../../ids';

/** A table whose rows name the customer account they belong to. */
interface OfAnAccount {
  table: PgTable;
  id: AnyPgColumn;
  accountId: AnyPgColumn;
}

const of = (t: PgTable & { id: AnyPgColumn; accountId: AnyPgColumn }): OfAnAccount => ({ table: t, id: t.id, accountId: t.accountId });

/** The records a staff write may be about, by kind. */
export const RECORDS = {
  user: of(users),
  shipment: of(shipments),
  conversation: of(supportConversations),
  dispute: of(invoiceDisputes),
  claim: of(claims),
  creditApplication: of(creditApplications),
  oauthClient: of(oauthClients),
  webhook: of(webhookSubscriptions),
  ebayStore: of(ebayStores),
  alert: of(alerts),
} as const;
export type RecordKind = keyof typeof RECORDS;

/** The customer account of records (none for an id that is no record, or a record of no account). */
export function ownAccountRepository(db: Db) {
  return {
    async accountsOf(kind: RecordKind, ids: readonly string[]): Promise<string[]> {
      // An id that is no UUID is no record: asked of PostgreSQL, it would be an error, not an answer.
      const wellFormed = ids.filter(isUuid);
      if (!wellFormed.length) return [];
      const { table, id, accountId } = RECORDS[kind];
      const rows = await db.select({ accountId }).from(table).where(inArray(id, wellFormed));
      return rows.map((r) => r.accountId as string | null).filter((a): a is string => a !== null);
    },
  };
}
