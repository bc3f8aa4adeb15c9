import type { DutyEstimateRequest, DutyEstimateView, DutyRateRequest, DutyRateSourceRequest, DutyRateTableView } from '@freight/contracts';
import type { Currency } from '@freight/domain';
import { DUTY_RATE_TABLES, type DutyRateTable, estimateDuties, findDutyRate } from '@freight/domain/customs';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditActor, audit } from '../audit/audit';
import { type DutyCountry, dutyRatesRepository } from './duty-rates.repository';

/** An amount in Canadian cents at the day's rates (USD per unit), for Canada's courier thresholds. */
export type ToCad = (cents: number, currency: Currency) => number | null;

/**
 * The duty-rate tables and the estimate that reads them. A destination's table is the one shipped
 * with the product (packages/domain/src/customs/duty-rates.ts) until staff first change it: then
 * the shipped figures are copied to the database as the staff's own table, which is read from then
 * on (a later product release does not overwrite what staff set). Every change is audited.
 */
export function dutyRatesService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const repo = dutyRatesRepository(ctx.db);

  async function tableOf(country: DutyCountry) {
    const source = await repo.source(country);
    if (!source) return { table: DUTY_RATE_TABLES[country] as DutyRateTable, edited: false, changed: new Map<string, Date>() };
    const rows = await repo.rates(country);
    const shipped = DUTY_RATE_TABLES[country] as DutyRateTable;
    const table: DutyRateTable = {
      country,
      source: source.source,
      asOf: source.asOf,
      // The shipped figures' limits hold until staff restate the source (what they checked).
      ...(source.source === shipped.source && shipped.caveat ? { caveat: shipped.caveat } : {}),
      rates: Object.fromEntries(rows.map((r) => [r.hsCode, { rateBasisPoints: r.rateBasisPoints, description: r.description }])),
    };
    // A figure staff changed says when; one copied as shipped does not.
    const changed = new Map(rows.filter((r) => r.updatedBy).map((r) => [r.hsCode, r.updatedAt]));
    return { table, edited: true, changed };
  }

  /** Copies the shipped table to the database as the staff's own, the first time staff change it. */
  async function adopt(tx: Db, country: DutyCountry, at: Date) {
    const shipped = DUTY_RATE_TABLES[country] as DutyRateTable;
    const rates = Object.entries(shipped.rates).map(([hsCode, e]) => ({ hsCode, ...e, updatedAt: null }));
    await repo.adopt(tx, country, { source: shipped.source, asOf: shipped.asOf, rates }, at);
  }

  const target = (country: DutyCountry, hsCode?: string) => ({
    entityType: 'duty_rate',
    entityId: hsCode ? `${country}:${hsCode}` : country,
    targetLabel: hsCode ? `${country} ${hsCode}` : country,
  });

  return {
    async view(country: DutyCountry): Promise<DutyRateTableView> {
      const { table, edited, changed } = await tableOf(country);
      return {
        country,
        source: table.source,
        source_caveat: table.caveat ?? null,
        as_of: table.asOf,
        edited,
        rates: Object.entries(table.rates)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([hs, e]) => ({
            hs_code: hs,
            rate_basis_points: e.rateBasisPoints,
            description: e.description,
            updated_at: changed.get(hs)?.toISOString() ?? null,
          })),
      };
    },

    async estimate(
      request: DutyEstimateRequest & { items: NonNullable<DutyEstimateRequest['items']> },
      toCad: ToCad,
    ): Promise<DutyEstimateView> {
      const destination = request.destination_country;
      if (destination === request.origin_country) throw AppError.field('destination_country', 'validation.customs_not_crossing');
      const { table } = await tableOf(destination);
      const estimate = estimateDuties({
        destination,
        shipFrom: request.origin_country,
        province: request.destination_state ?? '',
        mode: request.mode,
        incoterm: request.incoterm,
        currency: request.currency,
        items: request.items.map((i) => ({
          hsCode: i.hs_code ?? '',
          originCountry: (i.origin_country ?? '').toUpperCase(),
          quantity: i.quantity,
          unitValueCents: i.unit_value_cents,
          usmca: i.usmca ?? false,
        })),
        rates: table,
        toCad,
      });
      return {
        destination: estimate.destination,
        currency: estimate.currency,
        payer: estimate.payer,
        lines: estimate.lines.map((l) => ({
          hs_code: l.hsCode,
          description: l.rateHsCode ? (findDutyRate(table, l.rateHsCode)?.entry.description ?? null) : null,
          customs_value_cents: l.customsValueCents,
          duty_rate_basis_points: l.dutyRateBasisPoints,
          duty_cents: l.dutyCents,
          reason: l.reason,
        })),
        taxes: estimate.taxes.map((t) => ({ kind: t.kind, rate_basis_points: t.rateBasisPoints, cents: t.cents, complete: t.complete })),
        total_duty_cents: estimate.totalDutyCents,
        total_tax_cents: estimate.totalTaxCents,
        total_cents: estimate.totalCents,
        complete: estimate.complete,
        notes: estimate.notes,
        source: estimate.source,
        source_caveat: estimate.caveat,
        as_of: estimate.asOf,
      };
    },

    async setRate(actor: AuditActor, country: DutyCountry, hsCode: string, body: DutyRateRequest) {
      const at = ctx.now();
      const before = (await tableOf(country)).table.rates[hsCode] ?? null;
      await ctx.db.transaction(async (tx) => {
        await adopt(tx as Db, country, at);
        await repo.upsertRate(
          tx as Db,
          country,
          { hsCode, rateBasisPoints: body.rate_basis_points, description: body.description },
          actor.id,
          at,
        );
        await audit(tx as Db, actor, { action: 'duty_rate.set', ...target(country, hsCode), before, after: body }, at);
      });
    },

    async deleteRate(actor: AuditActor, country: DutyCountry, hsCode: string) {
      const at = ctx.now();
      const before = (await tableOf(country)).table.rates[hsCode];
      if (!before) throw AppError.notFound();
      await ctx.db.transaction(async (tx) => {
        await adopt(tx as Db, country, at);
        await repo.deleteRate(tx as Db, country, hsCode);
        await audit(tx as Db, actor, { action: 'duty_rate.delete', ...target(country, hsCode), before }, at);
      });
    },

    async setSource(actor: AuditActor, country: DutyCountry, body: DutyRateSourceRequest) {
      const at = ctx.now();
      const { table } = await tableOf(country);
      await ctx.db.transaction(async (tx) => {
        await adopt(tx as Db, country, at);
        await repo.setSource(tx as Db, country, body.source, body.as_of, actor.id, at);
        await audit(
          tx as Db,
          actor,
          { action: 'duty_rate.source', ...target(country), before: { source: table.source, as_of: table.asOf }, after: body },
          at,
        );
      });
    },
  };
}
