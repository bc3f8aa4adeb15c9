import type { RuleOutcomeView } from '@freight/contracts';
import { pickRate } from '@freight/domain';
import { widestOnlineCover } from '@freight/domain/rating/insurance';
import { useMemo } from 'react';
import { useQuoteRuleOutcome } from '../../../automation-rules';
import type { Quote, QuoteRate } from '../../api/quotesApi';
import { ruleFactsOf } from '../form/RuleFill';
import { useGuestQuote } from '../guest';
import { NO_INSURANCE } from './insurance';

/** What the account's automation rules do to a quote's rates; nothing when no rule acts on them. */
export interface RuleRates {
  outcome: RuleOutcomeView;
  /** Rates of carriers a rule leaves out, with the rule's name. */
  excluded: QuoteRate[];
  excludedBy: string | null;
  /** A carrier a rule prefers: listed first, as the user's own preferred carriers are. */
  isRulePreferred: (rate: QuoteRate) => boolean;
  /** The rate the rules pick among those left (their service level and carriers), and the rule that set it. */
  picked: { id: string; by: string } | null;
  /** The insurance choice a rule sets ('none', or the insured option covering the most). */
  insuranceKind: string | null;
}

/**
 * The rules' outcome for the quote's shipment as rated (its stored request), read as the form's
 * is, and what it means for the rates: carriers left out, carriers first, the rule's pick, the
 * insurance choice. The user can still show the left-out rates and choose any rate.
 */
export function useRuleRates(quote: Pick<Quote, 'inputs' | 'rates' | 'insurance_options'>): RuleRates | null {
  const guest = useGuestQuote();
  const facts = useMemo(() => (guest ? null : ruleFactsOf(quote.inputs)), [guest, quote.inputs]);
  const outcome = useQuoteRuleOutcome(facts).data ?? null;
  return useMemo(() => {
    if (!outcome) return null;
    const { actions, sources } = outcome;
    const excludedScacs = new Set((actions.exclude_carriers ?? []).map((s) => s.toUpperCase()));
    const preferredScacs = new Set((actions.prefer_carriers ?? []).map((s) => s.toUpperCase()));
    const excluded = quote.rates.filter((r) => excludedScacs.has(r.scac.toUpperCase()));
    const choosing = actions.service_level ?? actions.prefer_carriers?.length ?? actions.exclude_carriers?.length;
    const rate = choosing ? pickRate(quote.rates, actions) : null;
    const by = sources.service_level ?? sources.prefer_carriers ?? sources.exclude_carriers;
    const insuranceKind =
      actions.insurance === 'uninsured'
        ? NO_INSURANCE
        : actions.insurance === 'insured'
          ? (widestOnlineCover(quote.insurance_options)?.kind ?? null)
          : null;
    if (!excluded.length && !preferredScacs.size && !rate && insuranceKind === null) return null;
    return {
      outcome,
      excluded,
      excludedBy: sources.exclude_carriers?.name ?? null,
      isRulePreferred: (r: QuoteRate) => preferredScacs.has(r.scac.toUpperCase()),
      picked: rate && by ? { id: rate.id, by: by.name } : null,
      insuranceKind,
    };
  }, [outcome, quote.rates, quote.insurance_options]);
}
