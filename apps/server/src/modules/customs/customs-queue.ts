import {
  CUSTOMS_DOCUMENT_KINDS,
  CUSTOMS_STAGES,
  type CustomsCorrectionRequest,
  type CustomsDocumentKind,
  type CustomsQueueItem,
  type CustomsQueueLine,
  type CustomsQueueQuery,
  type CustomsQueueResponse,
  type CustomsStage,
  type CustomsView,
  customsItem,
  type ShipmentItemView,
} from '@freight/contracts';
import { type Country, isCustomsHold, type Language } from '@freight/domain';
import { type CrossingEvent, customsEntryReference, customsStage } from '@freight/domain/customs';
import { portName } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { documentKindsOf, documentsOf } from '../../document-kinds';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { type AuditActor, audit } from '../audit/audit';
import { eventText } from '../tracking/tracking.service';
import { type CustomsQueueRow, customsRepository } from './customs.repository';
import { customsFactsOf } from './customs-facts';

/** Rows of the customs queue per page. */
export const CUSTOMS_QUEUE_PAGE_SIZE = 50;

const asCountry = (c: string): Country => (c === 'CA' || c === 'MX' ? c : 'US');

type QueueEvent = CrossingEvent & { description: string };

const isCustomsDocument = (kind: string): kind is CustomsDocumentKind => (CUSTOMS_DOCUMENT_KINDS as readonly string[]).includes(kind);

/**
 * The customs queue of operations: every shipment across a border still on its way, at the stage
 * customs have it (`customsStage`), the longest waiting first; the entered country's customs
 * reference recorded when its broker gives it; and, for freight held at the border, the corrected
 * document sent to the broker, which puts it back at the border until customs release it. Both
 * writes are audited with the shipment's BOL.
 */
export function customsQueueService(ctx: AppContext) {
  const repo = customsRepository(ctx.db);

  const eventsBy = async (ids: readonly string[]) => {
    const byShipment = new Map<string, QueueEvent[]>();
    for (const e of await repo.eventsOf(ids)) {
      const list = byShipment.get(e.shipmentId) ?? [];
      list.push(e);
      byShipment.set(e.shipmentId, list);
    }
    return byShipment;
  };

  const stageOf = (row: CustomsQueueRow, events: readonly QueueEvent[]) =>
    customsStage(customsFactsOf({ ...row, crossing: row.crossing as NonNullable<CustomsQueueRow['crossing']> }, events));

  /** The entered country's reference in its printed form; a value of another form is a field error. */
  const entryReferenceOf = (row: CustomsQueueRow, typed: string) => {
    const destination = asCountry(row.destinationCountry);
    const entryNumber = customsEntryReference(destination, typed);
    if (!entryNumber) throw AppError.field('entry_number', `validation.entry_number_${destination.toLowerCase()}`);
    return entryNumber;
  };

  /** The declaration's lines with their quoted item's description. */
  const linesOf = (row: CustomsQueueRow): CustomsQueueLine[] =>
    (row.customs?.items ?? []).map((line, n) => ({
      description: (row.items as ShipmentItemView[])[n]?.description ?? '',
      hs_code: line.hs_code,
      origin_country: line.origin_country,
      unit_value_cents: line.unit_value_cents,
      currency: row.customs?.currency ?? row.currency,
    }));

  /**
   * The declaration with its lines corrected (one per line, in order): each line still checked as at
   * booking (a good claimed under USMCA must come from its three countries), errors under `lines.N.*`.
   */
  const correctedDeclaration = (customs: CustomsView, lines: NonNullable<CustomsCorrectionRequest['lines']>): CustomsView => {
    if (lines.length !== customs.items.length) throw AppError.field('lines', 'validation.customs_items');
    const errors: Record<string, string[]> = {};
    const items = customs.items.map((line, n) => {
      const parsed = customsItem.safeParse({ ...line, ...lines[n] });
      if (parsed.success) return { ...line, ...parsed.data };
      for (const issue of parsed.error.issues) errors[`lines.${n}.${issue.path.join('.')}`] = [issue.message];
      return line;
    });
    if (Object.keys(errors).length) throw AppError.validation(errors);
    return { ...customs, items };
  };

  const item = (row: CustomsQueueRow, events: readonly QueueEvent[], language: Language): CustomsQueueItem => {
    const { stage, since } = stageOf(row, events);
    const destination = asCountry(row.destinationCountry);
    const hold = stage === 'held' ? [...events].reverse().find((e) => isCustomsHold(e.statusCode, e.reasonCode)) : undefined;
    const broker = row.customs?.brokers.find((b) => b.country === destination);
    const documents = documentKindsOf(documentsOf(row)).filter(isCustomsDocument);
    return {
      id: row.id,
      bol_number: row.bolNumber,
      account: { id: row.accountId, name: row.accountName },
      origin: { city: row.originCity, state: row.originState, country: asCountry(row.originCountry) },
      destination: { city: row.destinationCity, state: row.destinationState, country: destination },
      port_name: row.crossing ? portName(row.crossing.port) : '',
      stage,
      since: since.toISOString(),
      hold_reason: hold ? eventText(language, hold) : null,
      entry_number: row.customsEntryNumber,
      corrected_at: row.customsCorrectedAt?.toISOString() ?? null,
      broker: broker
        ? {
            country: destination,
            ours: broker.ours,
            company: broker.company,
            contact_name: broker.contact_name,
            phone: broker.phone,
            email: broker.email,
          }
        : null,
      documents,
      lines: linesOf(row),
      customs_version: row.customsVersion,
    };
  };

  /** The shipment across a border a staff write is about, with its events; 404 for any other id. */
  const crossingOf = async (id: string) => {
    const row = isUuid(id) ? await repo.crossing(id) : undefined;
    if (!row) throw AppError.notFound();
    return { row, events: (await eventsBy([row.id])).get(row.id) ?? [] };
  };

  return {
    async queue(query: CustomsQueueQuery, language: Language): Promise<CustomsQueueResponse> {
      const rows = await repo.openCrossings();
      const events = await eventsBy(rows.map((r) => r.id));
      const items = rows.map((row) => item(row, events.get(row.id) ?? [], language));
      const counts = Object.fromEntries(CUSTOMS_STAGES.map((s) => [s, 0])) as Record<CustomsStage, number>;
      for (const i of items) counts[i.stage] += 1;
      const shown = items.filter((i) => !query.stage || i.stage === query.stage).sort((a, b) => a.since.localeCompare(b.since));
      const page = Number(query.page ?? 1);
      const start = (page - 1) * CUSTOMS_QUEUE_PAGE_SIZE;
      return {
        data: shown.slice(start, start + CUSTOMS_QUEUE_PAGE_SIZE),
        has_more: shown.length > start + CUSTOMS_QUEUE_PAGE_SIZE,
        counts,
      };
    },

    /** Records the entered country's customs reference in its printed form; a value of another form is a field error. */
    async recordEntry(actor: AuditActor, id: string, typed: string, language: Language): Promise<CustomsQueueItem> {
      const { row, events } = await crossingOf(id);
      const entryNumber = entryReferenceOf(row, typed);
      const at = ctx.now();
      await ctx.db.transaction(async (tx) => {
        await repo.setEntryNumber(tx as Db, row.id, entryNumber, at);
        await audit(
          tx as Db,
          actor,
          {
            action: 'shipment.customs_entry',
            entityType: 'shipment',
            entityId: row.id,
            accountId: row.accountId,
            targetLabel: row.bolNumber,
            before: { entry_number: row.customsEntryNumber },
            after: { entry_number: entryNumber },
          },
          at,
        );
      });
      return item({ ...row, customsEntryNumber: entryNumber }, events, language);
    },

    /**
     * The shipper records its reference itself (its own broker told it): the same form checks,
     * only for a shipment of its account (404 otherwise). Not audited: a customer's own record.
     */
    async recordOwnEntry(accountId: string, id: string, typed: string): Promise<{ entry_number: string }> {
      const { row } = await crossingOf(id);
      if (row.accountId !== accountId) throw AppError.notFound();
      const entryNumber = entryReferenceOf(row, typed);
      await repo.setEntryNumber(ctx.db, row.id, entryNumber, ctx.now());
      return { entry_number: entryNumber };
    },

    /** Sends the broker a corrected document for freight customs hold; only a held shipment takes one (409 otherwise). */
    async sendCorrection(actor: AuditActor, id: string, body: CustomsCorrectionRequest, language: Language): Promise<CustomsQueueItem> {
      const { row, events } = await crossingOf(id);
      if (stageOf(row, events).stage !== 'held') throw new AppError(409, 'conflict', 'errors.customs_not_held');
      const corrected = body.lines && row.customs ? correctedDeclaration(row.customs as CustomsView, body.lines) : null;
      const at = ctx.now();
      await ctx.db.transaction(async (tx) => {
        await repo.setCorrectedAt(tx as Db, row.id, at);
        if (corrected) await repo.correctDeclaration(tx as Db, row, corrected, { document: body.document, note: body.note }, at);
        await audit(
          tx as Db,
          actor,
          {
            action: 'shipment.customs_correction',
            entityType: 'shipment',
            entityId: row.id,
            accountId: row.accountId,
            targetLabel: row.bolNumber,
            before: {
              corrected_at: row.customsCorrectedAt?.toISOString() ?? null,
              ...(corrected ? { version: row.customsVersion, lines: linesOf(row) } : {}),
            },
            after: {
              corrected_at: at.toISOString(),
              document: body.document,
              note: body.note,
              ...(corrected ? { version: row.customsVersion + 1, lines: linesOf({ ...row, customs: corrected }) } : {}),
            },
          },
          at,
        );
      });
      const after = corrected ? { customs: corrected, customsVersion: row.customsVersion + 1 } : {};
      return item({ ...row, ...after, customsCorrectedAt: at }, events, language);
    },
  };
}
