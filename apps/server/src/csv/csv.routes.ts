import { Readable } from 'node:stream';
import type { CsvImportReport } from '@freight/contracts';
import type { CustomerPermission, Language } from '@freight/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../plugins/errors';
import { customer, requirePermission } from '../plugins/guards';
import { type CsvSource, csvBodyParser, csvUploadOf } from './csv';

const importQuery = z.object({ dry_run: z.enum(['0', '1', 'true', 'false'], { error: 'validation.choice' }).optional() });

/** Content-Disposition of a download (ASCII file names only, chosen by the server). */
const attachment = (filename: string) => `attachment; filename="${filename}"`;

const csvDownload = (filename: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': attachment(filename),
  'cache-control': 'no-store',
});

/**
 * A download's pieces as a stream, once its first `count` pieces are in hand (the header, then
 * the first batch read from the database): the query was checked before the handler, the access
 * check and the first read have now happened too, so any of them failing is a clean error answer
 * rather than a 200 whose body breaks off. A later failure (the database between batches) can no
 * longer change the status; Fastify then destroys the response, so the client sees a broken
 * transfer (no final chunk), never a file that looks complete.
 */
export async function startedStream(pieces: AsyncIterable<string>, count = 2): Promise<Readable> {
  const iterator = pieces[Symbol.asyncIterator]();
  const head: string[] = [];
  let ended = false;
  while (head.length < count && !ended) {
    const next = await iterator.next();
    if (next.done) ended = true;
    else head.push(next.value);
  }
  return Readable.from(
    (async function* () {
      yield* head;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
}

type Guard = (request: FastifyRequest) => Promise<void>;

/** Who may use a list's CSV routes, and what its export and import learn of the caller. */
export interface CsvAccess<O, C> {
  /** The door of the template and the export (a guard: throws 401/403). */
  read: Guard;
  /** The door of the import, run before its body is read. */
  write: Guard;
  /** Whose records the export reads (a customer's account id). */
  owner: (request: FastifyRequest) => O;
  /** Who imports (the account and user, or the staff user an audit entry names). */
  caller: (request: FastifyRequest) => C;
}

interface CustomerCaller {
  accountId: string;
  userId: string;
}

/**
 * A customer list's: the caller's own account, whose role must grant `view` to download the
 * export and `edit` to import (and to take the import's template).
 */
export function customerCsvAccess(view: CustomerPermission, edit: CustomerPermission): CsvAccess<string, CustomerCaller> {
  return {
    read: requirePermission(view),
    write: requirePermission(edit),
    owner: (request) => customer(request).account.id,
    caller: (request) => {
      const { user, account } = customer(request);
      return { accountId: account.id, userId: user.id };
    },
  };
}

export interface CsvRoutes<Q extends z.ZodType, O = string, C = CustomerCaller> {
  /** Who may use the routes: `customerCsvAccess` for a customer list. */
  access: CsvAccess<O, C>;
  /** The list's path (e.g. '/api/addresses'); the routes are `template.csv`, `export.csv` and `import` below it. */
  path: string;
  /** Download names of the template and of the export. */
  files: { template: string; export: string };
  /** The export's querystring: the list's filter and order, so the file holds the view on screen. */
  exportQuery: Q;
  templateCsv(): string;
  /** The file's text, in pieces (sent as they come). */
  exportCsv(owner: O, query: z.output<Q>): AsyncIterable<string>;
  /** The file's text as it streams in (`CsvUpload`); read once. */
  importCsv(caller: C, text: CsvSource, opts: { dryRun: boolean; language: Language }): Promise<CsvImportReport>;
}

/**
 * The CSV routes every list of the caller's account has (address book, product catalog), for
 * the customers whose role may read or change the list, or for whoever `access` lets in (the
 * staff's part catalog): GET `template.csv` and `export.csv` (attachments, not cached) and POST
 * `import` (a text/csv body; `dry_run` checks without writing and answers the same report).
 */
export async function registerCsvRoutes<Q extends z.ZodType, O = string, C = CustomerCaller>(
  app: FastifyInstance,
  routes: CsvRoutes<Q, O, C>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { access } = routes;

  r.get(`${routes.path}/template.csv`, { preValidation: access.write }, async (_request, reply) => {
    return reply.headers(csvDownload(routes.files.template)).send(routes.templateCsv());
  });

  r.get(
    `${routes.path}/export.csv`,
    { preValidation: access.read, schema: { querystring: routes.exportQuery } },
    async (request, reply) => {
      // Validated by `exportQuery`; the type provider cannot resolve a generic schema's output.
      const csv = await startedStream(routes.exportCsv(access.owner(request), request.query as z.output<Q>));
      return reply.headers(csvDownload(routes.files.export)).send(csv);
    },
  );

  // The import takes a text/csv body (at most CSV_IMPORT_LIMITS.max_bytes), read as it streams in,
  // in its own scope; the guard runs on request, so a caller without the right is refused before
  // the upload is read.
  await app.register(async (scope) => {
    csvBodyParser(scope);
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(`${routes.path}/import`, { onRequest: access.write, schema: { querystring: importQuery } }, async (request) => {
        const dryRun = request.query.dry_run === '1' || request.query.dry_run === 'true';
        return routes.importCsv(access.caller(request), csvUploadOf(request.body), {
          dryRun,
          language: requestLanguage(request),
        });
      });
  });
}
