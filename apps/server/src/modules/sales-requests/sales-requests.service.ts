import type { SalesRequest } from '@freight/contracts';
import { lookupPlace, type RateMessage } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { salesRequestMail } from '../../mail/templates';
import { equipmentCatalog } from '../equipment-types/equipment-types.service';
import type { QuoteInput, QuoteResult } from '../quotes/quotes.service';
import { quotesRepository } from '../quotes/quotes.service';
import { salesRequestsRepository } from './sales-requests.repository';

/** A user sends at most this many requests to sales an hour (429 beyond). */
export const SALES_REQUESTS_PER_HOUR = 10;

export interface SalesRequestOwner {
  accountId: string;
  accountName: string;
  userId: string;
  userName: string;
  userEmail: string;
}

/**
 * 'Send the request to sales': the offer made with the 7-or-more-pallets and other
 * call-for-a-quote answers, open on any quote of the caller's account. The request is stored,
 * then the sales desk (SALES_EMAIL) is mailed in the background; a failed delivery stays in the
 * outbox with its error and does not undo the request.
 */
export function salesRequestsService(ctx: AppContext) {
  const repo = salesRequestsRepository(ctx.db);
  /** A truckload's equipment for the desk (who reads English): the name staff keep and the code quotes keep. */
  const equipmentWords = async (code: string | undefined) =>
    code && `${(await equipmentCatalog(ctx.db, ctx.now).namesIn('en'))(code) ?? code} (${code})`;
  const quotes = quotesRepository(ctx.db, ctx.now);

  return {
    async create(owner: SalesRequestOwner, quoteId: string, body: SalesRequest) {
      const quote = await quotes.find(quoteId, owner.accountId);
      if (!quote) throw AppError.notFound();
      await ctx.throttle.enforce(`sales-request:${owner.userId}`, SALES_REQUESTS_PER_HOUR, 3600);
      const row = await repo.insert({
        accountId: owner.accountId,
        userId: owner.userId,
        quoteId: quote.id,
        name: body.name,
        email: body.email,
        phone: body.phone,
        notes: body.notes ? body.notes : null,
        createdAt: ctx.now(),
      });

      const input = quote.input as QuoteInput;
      const result = quote.result as QuoteResult;
      const place = <P extends Pick<QuoteInput['origin'], 'postal_code' | 'country'>>(p: P) => {
        const g = lookupPlace(p.postal_code, p.country);
        return { ...p, city: g?.city ?? '', state: g?.state ?? '' };
      };
      const mail = salesRequestMail(ctx.config.SALES_EMAIL, {
        request: { id: row.id, name: row.name, email: row.email, phone: row.phone, notes: row.notes },
        account: { name: owner.accountName },
        user: { name: owner.userName, email: owner.userEmail },
        quote: {
          id: quote.id,
          mode: quote.mode,
          created_at: quote.createdAt,
          pickup_date: input.pickup_date,
          origin: place(input.origin),
          destination: place(input.destination),
          stops: (input.stops ?? []).map(place),
          unit_system: input.unit_system,
          currency: input.currency,
          insured_value: input.insured_value,
          equipment_type: await equipmentWords(input.equipment_type),
          signature: input.signature,
          client_ref: quote.clientRef,
          accessorials: input.accessorials,
          items: input.items,
          messages: result.messages as RateMessage[],
        },
      });
      ctx.background.run('sales-request-mail', () => ctx.mailer.send(mail));
      return row;
    },
  };
}
