import { type DieselPriceView, dieselPriceRequest } from '@freight/contracts';
import { inForceOn } from '@freight/domain/rating';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { type CsvSpec, csvBodyParser, csvUploadOf, importCsvFile, writeCsv } from '../../csv/csv';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requestLanguage } from '../../plugins/errors';
import { adminPage } from '../../plugins/guards';
import { type AuditActor, audit, auditActor } from '../audit/audit';
import { type DieselRow, dieselPricesRepository } from './diesel-prices.repository';

const weekParams = z.object({ week: z.string().max(32) });
const importQuery = z.object({ dry_run: z.string().max(8).optional() });
const isMonday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;

/** The weekly DOE price rows: week_of (a Monday) and the U.S. average in dollars per gallon. */
const COLUMNS = ['week_of', 'usd_per_gallon'] as const;
const dieselCsv: CsvSpec<(typeof COLUMNS)[number], z.output<typeof dieselPriceRequest>, z.output<typeof dieselPriceRequest>> = {
  columns: COLUMNS,
  types: { usd_per_gallon: 'number' },
  schema: dieselPriceRequest,
  check: (v) => (isMonday(v.week_of) ? { value: v } : { errors: { week_of: ['validation.week_monday'] } }),
  key: (v) => v.week_of,
};

/**
 * The weekly diesel price that drives the LTL fuel tables and the truckload fuel per mile: rating
 * uses the week in force on the pickup date. Staff (the 'carriers' door) enter,
 * correct and remove weeks, or import them as CSV; every write is audited.
 */
export async function dieselPricesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const door = { preValidation: adminPage('carriers') };
  const today = () => ctx.now().toISOString().slice(0, 10);

  const view = (rows: DieselRow[]): DieselPriceView[] => {
    const inForce = inForceOn(
      rows.map((row, i) => ({ effective_date: row.weekOf, number: rows.length - i, row })),
      today(),
    );
    return rows.map((row) => ({
      week_of: row.weekOf,
      usd_per_gallon: row.usdPerGallon,
      in_force: inForce?.row === row,
      created_at: row.createdAt.toISOString(),
    }));
  };
  const all = () => dieselPricesRepository(ctx.db).all();

  /** Writes weeks (new or corrected) and their audit entry, in the caller's transaction. */
  async function upsert(tx: Db, actor: AuditActor, weeks: z.output<typeof dieselPriceRequest>[], action: string) {
    if (!weeks.length) return;
    const repo = dieselPricesRepository(tx);
    const before = await repo.weeksOf(weeks.map((w) => w.week_of));
    await repo.save(
      weeks.map((w) => ({ weekOf: w.week_of, usdPerGallon: w.usd_per_gallon })),
      ctx.now(),
    );
    await audit(
      tx,
      actor,
      {
        action,
        entityType: 'diesel_price',
        entityId: weeks.length === 1 ? weeks[0]!.week_of : `${weeks.length} weeks`,
        before: Object.fromEntries(before.map((b) => [b.weekOf, b.usdPerGallon])),
        after: Object.fromEntries(weeks.map((w) => [w.week_of, w.usd_per_gallon])),
      },
      ctx.now(),
    );
  }

  r.get('/api/admin/diesel-prices', door, async () => ({ data: view(await all()) }));

  r.put(
    '/api/admin/diesel-prices/:week',
    { ...door, schema: { params: weekParams, body: dieselPriceRequest.pick({ usd_per_gallon: true }) } },
    async (request) => {
      const week = dieselPriceRequest.shape.week_of.safeParse(request.params.week);
      if (!week.success) throw AppError.field('week_of', 'validation.date');
      if (!isMonday(week.data)) throw AppError.field('week_of', 'validation.week_monday');
      await ctx.db.transaction((tx) =>
        upsert(tx, auditActor(request), [{ week_of: week.data, usd_per_gallon: request.body.usd_per_gallon }], 'diesel_price.saved'),
      );
      return { data: view(await all()) };
    },
  );

  r.delete('/api/admin/diesel-prices/:week', { ...door, schema: { params: weekParams } }, async (request) => {
    // Not a date, no such week (a date column would refuse the text with a database error).
    const week = dieselPriceRequest.shape.week_of.safeParse(request.params.week);
    if (!week.success) throw AppError.notFound();
    await ctx.db.transaction(async (tx) => {
      const gone = await dieselPricesRepository(tx).remove(week.data);
      if (!gone) throw AppError.notFound();
      const entry = {
        action: 'diesel_price.deleted',
        entityType: 'diesel_price',
        entityId: gone.weekOf,
        before: { usd_per_gallon: gone.usdPerGallon },
      };
      await audit(tx, auditActor(request), entry, ctx.now());
    });
    return { data: view(await all()) };
  });

  r.get('/api/admin/diesel-prices/export.csv', door, async (_request, reply) => {
    const rows = (await all()).map((row) => ({ week_of: row.weekOf, usd_per_gallon: row.usdPerGallon }));
    return reply
      .headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="diesel-prices.csv"',
        'cache-control': 'no-store',
      })
      .send(writeCsv(COLUMNS, rows));
  });

  // Weeks in a file: checked row by row first (a dry run reports), then all written or none.
  await app.register(async (scope) => {
    csvBodyParser(scope);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/admin/diesel-prices/import',
        { onRequest: adminPage('carriers'), schema: { querystring: importQuery } },
        async (request) => {
          const dryRun = request.query.dry_run === '1' || request.query.dry_run === 'true';
          const actor = auditActor(request);
          return importCsvFile(ctx.db, csvUploadOf(request.body), dieselCsv, { dryRun, language: requestLanguage(request) }, (db) => ({
            // A week already recorded is corrected, not a duplicate: imports re-send DOE's series.
            findExisting: async () => new Map(),
            write: (rows) => upsert(db, actor, rows, 'diesel_price.imported'),
          }));
        },
      );
  });
}
