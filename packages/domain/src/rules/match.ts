import type { AutomationRule, RuleActionKind, RuleActions, RuleCondition, RuleShipment } from './types';
import { RULE_ACTION_KINDS } from './types';

const upper = (s: string) => s.trim().toUpperCase();

/** Whether one condition holds for the shipment. A state condition on a shipment without a known state does not hold. */
export function conditionHolds(condition: RuleCondition, s: RuleShipment): boolean {
  switch (condition.field) {
    case 'weight_lb':
    case 'longest_side_in':
    case 'item_count':
    case 'order_value_cents': {
      const actual = condition.field === 'order_value_cents' ? s.order_value_cents : s[condition.field];
      if (actual == null) return false;
      switch (condition.op) {
        case 'lt':
          return actual < condition.value;
        case 'lte':
          return actual <= condition.value;
        case 'gt':
          return actual > condition.value;
        case 'gte':
          return actual >= condition.value;
      }
      return false;
    }
    case 'origin_state':
    case 'origin_country':
    case 'destination_state':
    case 'destination_country':
    case 'sku': {
      const wanted = new Set(condition.values.map(upper));
      const actual =
        condition.field === 'sku'
          ? s.skus.map(upper)
          : [
              {
                origin_state: s.origin.state,
                origin_country: s.origin.country,
                destination_state: s.destination.state,
                destination_country: s.destination.country,
              }[condition.field],
            ]
              .filter((v): v is string => v != null)
              .map(upper);
      const any = actual.some((v) => wanted.has(v));
      // 'not in' needs something to compare: an unknown state is not "outside" the list either.
      return condition.op === 'in' ? any : actual.length > 0 && !any;
    }
    case 'hazmat':
      return s.hazmat === condition.value;
    case 'residential':
      return s.destination.residential === condition.value;
    case 'marketplace':
      return s.marketplace === condition.value;
  }
  return false;
}

/** Whether every condition of the rule holds (a rule without conditions matches every shipment). */
export const ruleMatches = (rule: Pick<AutomationRule, 'conditions'>, s: RuleShipment) =>
  rule.conditions.every((c) => conditionHolds(c, s));

/** Which rule set an action: shown as "set by rule X". */
export interface RuleSource {
  id: string;
  name: string;
}

/** What the rules decide for one shipment: each action's value and the rule it came from. */
export interface RuleOutcome {
  actions: RuleActions;
  sources: Partial<Record<RuleActionKind, RuleSource>>;
  /** The enabled rules that matched, in order (some may have set nothing the earlier ones had not). */
  matched: RuleSource[];
}

/** Rules in the order they apply: by position, ties (never stored, but cheap to settle) by name then id. */
export const ordered = <R extends Pick<AutomationRule, 'position' | 'name' | 'id'>>(rules: readonly R[]) =>
  [...rules].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

/**
 * The outcome of a rule set for a shipment. Rules are read in order, switched-off ones skipped;
 * each action is set by the FIRST matching rule that sets it, and later matching rules fill only
 * the actions still unset. So a rule higher in the list wins each action it names, and a lower
 * rule can still add what the higher one left alone (for example the higher sets the mode, the
 * lower the insurance).
 */
export function evaluateRules(rules: readonly AutomationRule[], s: RuleShipment): RuleOutcome {
  const actions: Record<string, unknown> = {};
  const sources: Partial<Record<RuleActionKind, RuleSource>> = {};
  const matched: RuleSource[] = [];
  for (const rule of ordered(rules)) {
    if (!rule.enabled || !ruleMatches(rule, s)) continue;
    const source = { id: rule.id, name: rule.name };
    matched.push(source);
    for (const kind of RULE_ACTION_KINDS) {
      const value = rule.actions[kind];
      if (value === undefined || kind in actions) continue;
      if (Array.isArray(value) && value.length === 0) continue;
      actions[kind] = value;
      sources[kind] = source;
    }
  }
  return { actions: actions as RuleActions, sources, matched };
}

/** Whether the outcome sets anything at all. */
export const outcomeIsEmpty = (o: RuleOutcome) => Object.keys(o.sources).length === 0;
