import { type Language, zonedDateTime } from '@freight/domain';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { type ExportColumn, type ExportFormat, sendExport } from '../../exports/export';
import { exportWord } from '../../exports/words';
import { type People, personOf } from '../../people';
import { usersService } from '../users/users.service';
import { quoteBrief } from './quotes.presenter';
import { type QuoteFilter, type QuoteRow, quotesRepository } from './quotes.repository';

type Row = { quote: QuoteRow; brief: ReturnType<typeof quoteBrief>; people: People };

const KG_PER_LB = 0.45359237;

/** The quote list's export columns: what a line of the list says, the weight in the reader's units. */
export function quoteExportColumns(language: Language, timeZone: string, metric: boolean): ExportColumn<Row>[] {
  const time = (d: Date | null) => (d ? zonedDateTime(d, timeZone) : null);
  return [
    { key: 'quote_number', value: ({ quote }) => quote.number },
    { key: 'client_ref', value: ({ quote }) => quote.clientRef },
    { key: 'mode', value: ({ quote }) => exportWord(language, `values.modes.${quote.mode}`) },
    { key: 'saved', value: ({ quote }) => exportWord(language, quote.saved ? 'values.yes' : 'values.no') },
    { key: 'pickup_date', kind: 'date', value: ({ brief }) => brief.pickup_date },
    { key: 'origin_city', value: ({ brief }) => brief.origin.city },
    { key: 'origin_state', value: ({ brief }) => brief.origin.state },
    { key: 'origin_postal_code', value: ({ brief }) => brief.origin.postal_code },
    { key: 'origin_country', value: ({ brief }) => brief.origin.country },
    { key: 'destination_city', value: ({ brief }) => brief.destination.city },
    { key: 'destination_state', value: ({ brief }) => brief.destination.state },
    { key: 'destination_postal_code', value: ({ brief }) => brief.destination.postal_code },
    { key: 'destination_country', value: ({ brief }) => brief.destination.country },
    { key: 'pieces', kind: 'number', value: ({ brief }) => brief.load.pieces },
    metric
      ? { key: 'weight_kg', kind: 'number', value: ({ brief }) => Math.round(brief.load.weight_lb * KG_PER_LB) }
      : { key: 'weight_lb', kind: 'number', value: ({ brief }) => brief.load.weight_lb },
    { key: 'freight_classes', value: ({ brief }) => brief.load.classes.join(', ') },
    { key: 'lowest_total', kind: 'money', value: ({ quote }) => quote.lowestTotalCents },
    { key: 'currency', value: ({ quote }) => quote.currency },
    { key: 'quoted_by', value: ({ quote, people }) => personOf(people, quote.userId, quote.accountId)?.name ?? '' },
    { key: 'quoted_at', kind: 'datetime', value: ({ quote }) => time(quote.createdAt) },
    { key: 'expires_at', kind: 'datetime', value: ({ quote }) => time(quote.expiresAt) },
  ];
}

/** Quote history and saved quotes as a file: the list's own filter, newest first, read in keyset batches. */
export function quotesExport(ctx: AppContext) {
  const repo = quotesRepository(ctx.db, ctx.now);
  const users = usersService(ctx.db);
  return async (
    reply: FastifyReply,
    req: { accountId: string; format: ExportFormat; language: Language; metric: boolean; filter: QuoteFilter },
  ) => {
    const zone = ctx.config.BUSINESS_TIME_ZONE;
    const total = await repo.count(req.accountId, req.filter);
    const batches = (async function* () {
      for await (const rows of repo.batches(req.accountId, req.filter)) {
        const people = await users.people(rows.map((r) => r.userId));
        yield rows.map((quote) => ({ quote, brief: quoteBrief(quote), people }));
      }
    })();
    return sendExport(reply, {
      format: req.format,
      language: req.language,
      name: req.filter.savedOnly ? 'saved-quotes' : 'quotes',
      sheet: req.filter.savedOnly ? 'saved_quotes' : 'quotes',
      day: zonedDateTime(ctx.now(), zone).slice(0, 10),
      columns: quoteExportColumns(req.language, zone, req.metric),
      batches,
      total,
    });
  };
}
