import { type BatchView, quoteRequest } from '@freight/contracts';
import { type Currency, type Language, pickRate, type RuleActions, type UnitSystem } from '@freight/domain';
import { widestOnlineCover } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isMessageKey } from '../../i18n';
import { isUuid } from '../../ids';
import { automationRulesService, ruleShipmentOf } from '../automation-rules/automation-rules.service';
import { linkEbayOrderToQuote } from '../ebay/ebay.service';
import { type QuoteOwner, type QuoteResult, quotesService } from '../quotes/quotes.service';
import { type BatchRow, batchesRepository } from './batches.repository';
import { settleHeldRows } from './batches-booking';
import { asBatchFile, BATCH_RATE_PARALLEL, checkFile, inGroups, quoteInputOf, type RowReading } from './batches-rows';
import { keepMessage } from './kept-messages';

/** Rating a batch: each row a quote of its own, and the rate its rule picks. */

type Rate = QuoteResult['rates'][number];

/** The rate a batch's own rule picks (the automation rules' pick is worked out apart). */
function pickByRule(rates: readonly Rate[], batch: BatchRow): Rate | null {
  if (batch.rule === 'fastest') return pickRate(rates, { service_level: 'fastest' } as RuleActions);
  if (batch.rule === 'preferred_carrier') {
    const wanted = (batch.preferredCarrier ?? '').trim().toLowerCase();
    const theirs = rates.filter((r) => r.scac.toLowerCase() === wanted || r.carrier_name.toLowerCase() === wanted);
    return pickRate(theirs, {} as RuleActions);
  }
  if (batch.rule === 'cheapest_within_transit') {
    return pickRate(
      rates.filter((r) => r.transit_days <= (batch.maxTransitDays ?? 0)),
      {} as RuleActions,
    );
  }
  return pickRate(rates, {} as RuleActions);
}

/** What rating needs of the batches service: how the account's rows are read, and the batch as answered. */
interface RatingDeps {
  reading: (accountId: string, language: Language, unitSystem: UnitSystem) => RowReading;
  view: (accountId: string, id: string, language: Language) => Promise<BatchView>;
}

export function batchRating(ctx: AppContext, { reading, view }: RatingDeps) {
  const repo = batchesRepository(ctx.db);
  const quotes = quotesService(ctx);
  const automation = automationRulesService(ctx);

  /**
   * Rates every row not yet booked (good ones only), BATCH_RATE_PARALLEL at a time: each row is
   * a quote of its own through the quote service (a carrier that fails is a warning on that
   * quote, as for any quote), and a row whose rating fails is `rating_failed` with the reason,
   * never the batch's failure. Each rated row gets the rate its batch's rule picks, or none
   * when no rate fits (its result says so).
   */
  return async function rate(owner: QuoteOwner, prefs: { currency: Currency; unitSystem: UnitSystem }, id: string, language: Language) {
    if (!isUuid(id)) throw AppError.notFound();
    const found = await repo.find(owner.accountId, id);
    if (!found) throw AppError.notFound();
    const batch = found.batch;
    // A held row declined since is failed first, so it is rated again with the others.
    await settleHeldRows(ctx.db, id, ctx.now());
    // A row whose booking failed is rated again too (its rate may have expired).
    const due = (await repo.rows(id)).filter((r) => ['valid', 'rated', 'rating_failed', 'booking_failed'].includes(r.status));
    // Rows rated from now on are this round's: the status counts its progress from none.
    const round = await repo.startRatingRound(id, ctx.now());
    // The rows' cells read again as one file, so the values are the reader's (numbers, booleans, defaults).
    const { lines } = due.length
      ? await checkFile(asBatchFile(due.map((r) => r.cells)), reading(owner.accountId, language, prefs.unitSystem))
      : { lines: [] };
    // Why a row failed or has no choice is kept unworded, for whoever reads the batch (kept-messages.ts).
    const say = (err: unknown) => {
      if (err instanceof AppError) {
        const first = Object.values(err.errors ?? {})[0]?.[0];
        const key = first ?? err.message;
        return keepMessage(isMessageKey(key) ? key : 'errors.server_error', err.params);
      }
      return keepMessage('errors.server_error');
    };
    /** Why a rated row has no choice: no rate fits the rule, or the quote's own reason for none. */
    const noChoice = (result: QuoteResult) => {
      if (result.rates.length) return keepMessage('batch.no_rate_fits');
      const why = result.messages.find((m) => m.level === 'no_rate');
      return keepMessage(why && isMessageKey(why.key) ? why.key : 'quote.no_rate.no_carriers', why?.params ?? {});
    };
    await inGroups(due, BATCH_RATE_PARALLEL, async (row) => {
      const value = lines[due.indexOf(row)]?.value;
      try {
        if (!value) throw AppError.validation({ row: ['validation.invalid'] });
        const input = Object.assign(quoteInputOf(value, row.moreItems), { currency: prefs.currency, unit_system: prefs.unitSystem });
        // A further item line is checked only here (a row's own cells were checked on upload): its
        // problem is the row's reason, in the quote form's words.
        const checked = quoteRequest.safeParse(input);
        if (!checked.success) throw AppError.validation({ row: [checked.error.issues[0]?.message ?? 'validation.invalid'] });
        const parsed = checked.data;
        const quote = await quotes.create(owner, { ...parsed, currency: prefs.currency, unit_system: prefs.unitSystem });
        const result = quote.result as QuoteResult;
        const outcome =
          batch.rule === 'automation_rules'
            ? await automation.outcomeFor(
                owner.accountId,
                ruleShipmentOf(quote.input as typeof parsed & { unit_system: UnitSystem }, {
                  order_value_cents: Math.round(parsed.insured_value * 100),
                }),
              )
            : null;
        const chosen = outcome ? pickRate(result.rates, outcome.actions) : pickByRule(result.rates, batch);
        // The row's own word on insurance, else its rule's: the quote's widest cover sold online.
        const cover = (value.insurance ?? outcome?.actions.insurance === 'insured') ? widestOnlineCover(result.insurance_options) : null;
        // An eBay order's row: the order follows the row's new quote (booking it ships the order).
        if (row.ebayOrderId) await linkEbayOrderToQuote(ctx, owner.accountId, row.ebayOrderId, quote.id);
        await repo.rated(
          row.id,
          {
            status: 'rated',
            ratedRound: round,
            quoteId: quote.id,
            rateId: chosen?.id ?? null,
            result: {
              rates: result.rates.map((r) => ({
                id: r.id,
                carrier_name: r.carrier_name,
                scac: r.scac,
                total_cents: r.total_cents,
                transit_days: r.transit_days,
                estimated_delivery: r.estimated_delivery,
              })),
              currency: prefs.currency,
              message: chosen ? null : noChoice(result),
              insurance: cover && { kind: cover.kind, premium_cents: cover.premium_cents, coverage_cents: cover.coverage_cents },
            },
          },
          ctx.now(),
        );
      } catch (err) {
        await repo.rated(
          row.id,
          {
            status: 'rating_failed',
            ratedRound: round,
            quoteId: null,
            rateId: null,
            result: { rates: [], currency: prefs.currency, message: say(err) },
          },
          ctx.now(),
        );
      }
    });
    await repo.setStatus(id, 'rated', ctx.now());
    return view(owner.accountId, id, language);
  };
}
