import { Readable } from 'node:stream';
import type { CsvImportReport } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../plugins/errors';
import { customer, requireCustomer } from '../plugins/guards';
import { csvBodyParser } from './csv';

const importQuery = z.object({ dry_run: z.enum(['0', '1', 'true', 'false'], { error: 'validation.choice' }).optional() });

/** Content-Disposition of a download (ASCII file names only, chosen by the server). */
const attachment = (filename: string) => `attachment; filename="${filename}"`;

const csvDownload = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': attachment(filename),
  'cache-control': 'no-store',
});

export interface CsvRoutes<Q extends z.ZodType> {
  /** The list's path (e.g. '/api/addresses'); the routes are `template.csv`, `export.csv` and `import` below it. */
  path: string;
  /** Download names of the template and of the export. */
  files: { template: string; export: string };
  /** The export's querystring: the list's filter and order, so the file holds the view on screen. */
  exportQuery: Q;
  templateCsv(): string;
  /** The file's text, in pieces (sent as they come). */
  exportCsv(accountId: string, query: z.output<Q>): AsyncIterable<string>;
  importCsv(
    caller: { accountId: string; userId: string },
    text: string,
    opts: { dryRun: boolean; language: Language },
  ): Promise<CsvImportReport>;
}

/**
 * The CSV routes every list of the caller's account has (address book, product catalog), for
 * verified customers: GET `template.csv` and `export.csv` (attachments, not cached) and POST
 * `import` (a text/csv body; `dry_run` checks without writing and answers the same report).
 */
export async function registerCsvRoutes<Q extends z.ZodType>(app: FastifyInstance, routes: CsvRoutes<Q>) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(`${routes.path}/template.csv`, { preValidation: requireCustomer }, async (_request, reply) => {
    return reply.headers(csvDownload(routes.files.template)).send(routes.templateCsv());
  });

  r.get(
    `${routes.path}/export.csv`,
    { preValidation: requireCustomer, schema: { querystring: routes.exportQuery } },
    async (request, reply) => {
      const { account } = customer(request);
      // Validated by `exportQuery`; the type provider cannot resolve a generic schema's output.
      const csv = Readable.from(routes.exportCsv(account.id, request.query as z.output<Q>));
      return reply.headers(csvDownload(routes.files.export)).send(csv);
    },
  );

  // The import takes a text/csv body (at most CSV_IMPORT_LIMITS.max_bytes) in its own scope; the
  // guard runs on request, so a caller without the right is refused before the upload is read.
  await app.register(async (scope) => {
    csvBodyParser(scope);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        `${routes.path}/import`,
        { onRequest: requireCustomer, schema: { querystring: importQuery, body: z.string({ error: 'csv.not_csv' }) } },
        async (request) => {
          const { user, account } = customer(request);
          const dryRun = request.query.dry_run === '1' || request.query.dry_run === 'true';
          return routes.importCsv({ accountId: account.id, userId: user.id }, request.body, {
            dryRun,
            language: requestLanguage(request),
          });
        },
      );
  });
}
