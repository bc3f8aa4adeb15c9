import type {
  AutomationDryRun,
  AutomationDryRunRequest,
  AutomationDryRunRow,
  AutomationEbayOutcome,
  AutomationRuleRequest,
  AutomationRuleView,
  RuleOutcomeView,
} from '@freight/contracts';
import {
  type AutomationRule,
  applyToQuote,
  evaluateRules,
  MAX_AUTOMATION_RULES,
  outcomeIsEmpty,
  pickRate,
  RULE_DRY_RUN_ROWS,
  type RuleOutcome,
  type RuleShipment,
} from '@freight/domain';
import { widestOnlineCover } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { type AuditActor, audit } from '../audit/audit';
import { ebayOrderOf, ebayQuoteInput } from '../ebay/ebay.service';
import { type QuoteInput, type QuoteOwner, type QuoteResult, quotesService } from '../quotes/quotes.service';
import { type AutomationRuleRow, automationRulesRepository } from './automation-rules.repository';
import { ruleShipmentOf } from './rule-facts';

export { ruleShipmentOf, ruleShipmentOfForm } from './rule-facts';

/** Rows a dry run rates at once: enough to finish 100 in a few seconds, few enough to leave the carriers room. */
const DRY_RUN_PARALLEL = 4;

export const presentRule = (row: AutomationRuleRow): AutomationRuleView => ({
  id: row.id,
  name: row.name,
  position: row.position,
  enabled: row.enabled,
  conditions: row.conditions,
  actions: row.actions,
  updated_at: row.updatedAt.toISOString(),
});

const asRule = (row: AutomationRuleRow): AutomationRule => ({
  id: row.id,
  name: row.name,
  position: row.position,
  enabled: row.enabled,
  conditions: row.conditions,
  actions: row.actions,
});

export const outcomeView = (o: RuleOutcome): RuleOutcomeView => ({ actions: o.actions, sources: o.sources });

const nameTaken = () => AppError.field('name', 'validation.automation_rule_name_taken');
const checked = (id: string) => {
  if (!isUuid(id)) throw AppError.notFound();
  return id;
};

/** Runs `work` over `items`, `limit` at a time, answers in the items' order. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += limit) out.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  return out;
}

/**
 * Automation rules of an account: the ordered list and its writes (each audited in its
 * transaction and shown in the account's activity log, as team changes are), the outcome of the
 * rules for a shipment (what a quote, an eBay order or a batch calls), and the dry run.
 */
export function automationRulesService(ctx: Pick<AppContext, 'db' | 'now' | 'config'> & Parameters<typeof quotesService>[0]) {
  const quotes = quotesService(ctx);

  async function write(
    actor: AuditActor,
    accountId: string,
    change: (tx: Db) => Promise<{ action: string; row: AutomationRuleRow; before?: unknown; after?: unknown }>,
  ): Promise<AutomationRuleRow> {
    try {
      return await ctx.db.transaction(async (tx) => {
        const { action, row, before, after } = await change(tx as Db);
        await audit(
          tx as Db,
          actor,
          {
            action,
            entityType: 'automation_rule',
            entityId: row.id,
            targetLabel: row.name,
            accountId,
            shownToAccount: true,
            before: before ?? null,
            after:
              after !== undefined
                ? after
                : action.endsWith('.delete')
                  ? null
                  : { name: row.name, enabled: row.enabled, position: row.position, conditions: row.conditions, actions: row.actions },
          },
          ctx.now(),
        );
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  /** The account's rules as the domain reads them. */
  const rulesOf = async (accountId: string) => (await automationRulesRepository(ctx.db).list(accountId)).map(asRule);

  /** What the account's rules decide for a shipment: for quotes, eBay orders and batches alike. */
  async function outcomeFor(accountId: string, shipment: RuleShipment): Promise<RuleOutcome> {
    return evaluateRules(await rulesOf(accountId), shipment);
  }

  /** The rate the rules pick and its price with the insurance they ask for, or why there is none. */
  function priced(result: QuoteResult, outcome: RuleOutcome) {
    const rate = pickRate(result.rates, outcome.actions);
    if (!rate) return null;
    const premium = outcome.actions.insurance === 'insured' ? (widestOnlineCover(result.insurance_options)?.premium_cents ?? 0) : 0;
    return { cents: rate.total_cents + premium, carrier: rate.carrier_name };
  }

  /** One dry-run row: nothing to change is not re-rated; a failed rating is its own row, not the run's failure. */
  async function dryRow(
    owner: QuoteOwner,
    rules: AutomationRule[],
    row: { id: string; reference: string; mode: string | null; before: number | null; currency: string; facts: RuleShipment },
    input: QuoteInput | null,
  ): Promise<AutomationDryRunRow> {
    const outcome = evaluateRules(rules, row.facts);
    const base = {
      id: row.id,
      reference: row.reference,
      lane: input
        ? `${input.origin.postal_code} ${input.origin.country} → ${input.destination.postal_code} ${input.destination.country}`
        : '',
      weight_lb: Math.round(row.facts.weight_lb),
      mode_before: row.mode,
      outcome: outcomeView(outcome),
      before_cents: row.before,
      currency: row.currency,
    };
    if (outcomeIsEmpty(outcome)) return { ...base, status: 'unchanged', after_cents: row.before, after_carrier: null };
    // An order with items still to match by hand has nothing to rate.
    if (!input) return { ...base, status: 'error', after_cents: null, after_carrier: null };
    try {
      const applied = applyToQuote(input, outcome.actions);
      // Stored dates have passed: rate on the first date that can be quoted now, as a re-run does.
      const rated = { ...applied, pickup_date: quotes.firstPickupDate(applied.origin) };
      const result = await quotes.rateFor(owner, rated);
      const pick = priced(result, outcome);
      return pick
        ? { ...base, status: 'rated', after_cents: pick.cents, after_carrier: pick.carrier }
        : { ...base, status: 'no_rate', after_cents: null, after_carrier: null };
    } catch {
      return { ...base, status: 'error', after_cents: null, after_carrier: null };
    }
  }

  /**
   * An eBay order as the rules read it, and its quote request when every item is in the catalog
   * and the account has an address to ship from (else null: nothing to rate).
   */
  async function ebayOrderFacts(accountId: string, id: string, currency: string) {
    const order = await ebayOrderOf(ctx.db, accountId, id);
    if (!order) throw AppError.notFound();
    const fill = await ebayQuoteInput(ctx, accountId, id, []);
    const form = fill.input as Partial<QuoteInput>;
    const unit_system = form.unit_system ?? 'imperial';
    const facts = ruleShipmentOf(
      {
        origin: form.origin ?? { postal_code: '', country: 'US', site_type: 'business' },
        destination: form.destination ?? { postal_code: order.order.shipTo.postalCode, country: 'US', site_type: 'residential' },
        items: form.items ?? [],
        unit_system,
      },
      { skus: order.order.lineItems.map((l) => l.sku), order_value_cents: order.order.totalCents, marketplace: 'ebay' },
    );
    const input =
      fill.unmatched.length === 0 && form.origin && form.destination && form.items?.length
        ? ({
            mode: 'ltl',
            accessorials: [],
            insured_value: order.order.totalCents / 100,
            signature: 'none',
            stops: [],
            ...form,
            currency,
            unit_system,
          } as QuoteInput)
        : null;
    return { reference: order.order.ebayOrderId, facts, input };
  }

  return {
    outcomeFor,
    rulesOf,

    async list(accountId: string) {
      return (await automationRulesRepository(ctx.db).list(accountId)).map(presentRule);
    },

    async create(actor: AuditActor, accountId: string, body: AutomationRuleRequest) {
      const row = await write(actor, accountId, async (tx) => {
        const repo = automationRulesRepository(tx);
        await repo.lockAccount(accountId);
        const count = await repo.count(accountId);
        if (count >= MAX_AUTOMATION_RULES) throw AppError.field('name', 'validation.automation_rules_limit');
        if (await repo.nameTaken(accountId, body.name)) throw nameTaken();
        const now = ctx.now();
        const created = await repo.insert({ accountId, ...body, position: count + 1, createdBy: actor.id, createdAt: now, updatedAt: now });
        return { action: 'automation_rule.create', row: created };
      });
      return presentRule(row);
    },

    async update(
      actor: AuditActor,
      accountId: string,
      rawId: string,
      body: Partial<AutomationRuleRequest>,
      action = 'automation_rule.update',
    ) {
      const id = checked(rawId);
      const row = await write(actor, accountId, async (tx) => {
        const repo = automationRulesRepository(tx);
        const before = await repo.find(accountId, id, true);
        if (!before) throw AppError.notFound();
        if (body.name !== undefined && (await repo.nameTaken(accountId, body.name, id))) throw nameTaken();
        const after = await repo.update(accountId, id, { ...body, updatedAt: ctx.now() });
        if (!after) throw AppError.notFound();
        return {
          action,
          row: after,
          before: { name: before.name, enabled: before.enabled, conditions: before.conditions, actions: before.actions },
        };
      });
      return presentRule(row);
    },

    /** The rules in a new order: `ids` names every rule of the account once. */
    async reorder(actor: AuditActor, accountId: string, ids: string[]) {
      await ctx.db.transaction(async (tx) => {
        const repo = automationRulesRepository(tx as Db);
        await repo.lockAccount(accountId);
        const rows = await repo.list(accountId);
        const known = new Set(rows.map((r) => r.id));
        if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
          throw AppError.field('ids', 'validation.automation_rule_order');
        }
        const now = ctx.now();
        for (const [n, id] of ids.entries()) {
          const row = rows.find((r) => r.id === id);
          if (row && row.position !== n + 1) await repo.update(accountId, id, { position: n + 1, updatedAt: now });
        }
        await audit(
          tx as Db,
          actor,
          {
            action: 'automation_rule.reorder',
            entityType: 'account',
            entityId: accountId,
            accountId,
            shownToAccount: true,
            before: { order: rows.map((r) => r.name) },
            after: { order: ids.map((id) => rows.find((r) => r.id === id)?.name) },
          },
          now,
        );
      });
      return (await automationRulesRepository(ctx.db).list(accountId)).map(presentRule);
    },

    async remove(actor: AuditActor, accountId: string, rawId: string) {
      const id = checked(rawId);
      await write(actor, accountId, async (tx) => {
        const repo = automationRulesRepository(tx);
        await repo.lockAccount(accountId);
        const before = await repo.find(accountId, id, true);
        if (!before) throw AppError.notFound();
        await repo.remove(accountId, id);
        // The rules below move up: positions stay 1..n.
        for (const row of await repo.list(accountId)) {
          if (row.position > before.position) await repo.update(accountId, row.id, { position: row.position - 1 });
        }
        return {
          action: 'automation_rule.delete',
          row: before,
          before: { name: before.name, conditions: before.conditions, actions: before.actions },
        };
      });
    },

    /**
     * A rule set (as the editor holds it, saved or not) against the account's latest 100
     * shipments or open eBay orders: per row what the rules set, and the rate they pick priced
     * through today's pricing. Nothing is stored.
     */
    async dryRun(owner: QuoteOwner, currency: string, body: AutomationDryRunRequest): Promise<AutomationDryRun> {
      const rules: AutomationRule[] = body.rules.map((r, n) => ({
        id: r.id ?? `new-${n + 1}`,
        name: r.name,
        position: n + 1,
        enabled: r.enabled,
        conditions: r.conditions,
        actions: r.actions,
      }));
      let rows: AutomationDryRunRow[];
      if (body.source === 'shipments') {
        const found = await automationRulesRepository(ctx.db).recentShipments(owner.accountId, RULE_DRY_RUN_ROWS);
        rows = await inBatches(found, DRY_RUN_PARALLEL, (s) => {
          const input = s.input as QuoteInput;
          const facts = ruleShipmentOf(input, { order_value_cents: Math.round((input.insured_value ?? 0) * 100) });
          const row = { id: s.id, reference: s.bolNumber, mode: s.mode, before: s.totalCents, currency: s.currency, facts };
          return dryRow(owner, rules, row, { ...input, currency: s.currency as QuoteInput['currency'] });
        });
      } else {
        const ids = await automationRulesRepository(ctx.db).recentEbayOrderIds(owner.accountId, RULE_DRY_RUN_ROWS);
        rows = await inBatches(ids, DRY_RUN_PARALLEL, async (id) => {
          const o = await ebayOrderFacts(owner.accountId, id, currency);
          const row = { id, reference: o.reference, mode: o.input?.mode ?? null, before: null, currency, facts: o.facts };
          return dryRow(owner, rules, row, o.input);
        });
      }
      const changed = rows.filter((r) => r.status !== 'unchanged').length;
      const difference = rows.reduce(
        (s, r) => (r.status === 'rated' && r.before_cents != null && r.after_cents != null ? s + r.after_cents - r.before_cents : s),
        0,
      );
      return { source: body.source, rows, changed, difference_cents: difference, currency };
    },

    /** What the rules set for each of the account's eBay orders (the orders page's "set by rule"). */
    async ebayOutcomes(accountId: string, orderIds: string[]): Promise<AutomationEbayOutcome[]> {
      const rules = await rulesOf(accountId);
      const out: AutomationEbayOutcome[] = [];
      for (const id of orderIds) {
        const { facts } = await ebayOrderFacts(accountId, id, 'USD');
        out.push({ order_id: id, outcome: outcomeView(evaluateRules(rules, facts)) });
      }
      return out;
    },
  };
}
