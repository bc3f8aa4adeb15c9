import type { StaffQuoteDetail } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { ChargeLine } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { plainText } from '../../i18n';
import { equipmentTypesService } from '../equipment-types/equipment-types.service';
import { type QuoteResult, quoteBrief } from '../quotes/quotes.service';
import { usersService } from '../users/users.service';
import { lowestMargin, lowestRate, rateMargin } from './quote-margin';
import { staffQuotesRepository } from './staff-quotes.repository';

export { lowestMargin } from './quote-margin';

/** Staff's side of a stored quote: the request, the rates as the shipper saw them and, for those who may see it, their margin. */
export function staffQuotesService(ctx: AppContext) {
  const repo = staffQuotesRepository(ctx.db);
  const equipment = equipmentTypesService(ctx);

  /** The quote; each rate with its cost and margin when `seesMargin` says the viewer may see this account's. */
  async function detail(id: string, language: Language, seesMargin: (accountId: string) => Promise<boolean>): Promise<StaffQuoteDetail> {
    const found = await repo.find(id);
    if (!found) throw AppError.notFound();
    const { quote } = found;
    const result = quote.result as QuoteResult;
    const [withMargin, people, names] = await Promise.all([
      seesMargin(quote.accountId),
      usersService(ctx.db).people([quote.userId]),
      quote.mode === 'truckload' ? equipment.namesIn(language) : undefined,
    ]);
    const labelOf = (c: ChargeLine) => plainText(language, c.label);
    const lines = (charges: ChargeLine[]) => charges.map((c) => ({ code: c.code, label: labelOf(c), amount_cents: c.amount_cents }));
    const lowest = lowestRate(result);
    const rates = [...result.rates].sort((a, b) => a.total_cents - b.total_cents);
    const { load, ...places } = quoteBrief(quote);
    return {
      id: quote.id,
      number: quote.number,
      mode: quote.mode,
      currency: quote.currency,
      created_at: quote.createdAt.toISOString(),
      expires_at: quote.expiresAt?.toISOString() ?? null,
      booked_at: quote.bookedAt?.toISOString() ?? null,
      account: { id: quote.accountId, name: found.accountName },
      created_by: people.get(quote.userId)?.name ?? null,
      request: {
        pickup_date: places.pickup_date,
        origin: placeOf(places.origin),
        destination: placeOf(places.destination),
        load,
      },
      rates: rates.map((r) => ({
        id: r.id,
        carrier_name: r.carrier_name,
        scac: r.scac,
        service: r.service,
        service_name: names?.(r.service) ?? null,
        transit_days: r.transit_days,
        estimated_delivery: r.estimated_delivery,
        price_lines: lines(r.charges),
        price_cents: r.total_cents,
        lowest: r === lowest,
        ...(withMargin ? { margin: rateMargin(quote.costs, r, labelOf) } : {}),
      })),
      lowest_total_cents: quote.lowestTotalCents,
      ...(withMargin ? lowestMargin(quote) : {}),
    };
  }

  return { detail };
}

/** A quoted end as staff read it: the postal code and country asked, the city and state they name. */
const placeOf = (p: { postal_code: string; country: string; city: string; state: string }) => ({
  postal_code: p.postal_code,
  country: p.country,
  city: p.city,
  state: p.state,
});
