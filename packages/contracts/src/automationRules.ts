import {
  MAX_RULE_CONDITIONS,
  RULE_ACCESSORIALS,
  RULE_ACTION_KINDS,
  RULE_FLAG_FIELDS,
  RULE_INSURANCE,
  RULE_LIST_FIELDS,
  RULE_LIST_OPS,
  RULE_MARKETPLACES,
  RULE_MODES,
  RULE_NUMBER_FIELDS,
  RULE_NUMBER_OPS,
  RULE_SERVICE_LEVELS,
  type RuleActions,
  type RuleCondition,
} from '@freight/domain';
import { z } from 'zod';
import { choice } from './fields';
import { PACKAGE_TYPES } from './quoteChoices';

/**
 * Automation rules (Settings > Rules): an account's ordered conditions and actions, the dry run
 * of a rule set against its recent shipments or eBay orders, and the outcome a quote or an order
 * gets. Messages are i18n keys (namespace `validation`).
 */
export const AUTOMATION_RULE_NAME_MAX = 80;

const name = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(AUTOMATION_RULE_NAME_MAX, { error: 'validation.too_long' });

const number = z
  .number({ error: 'validation.required' })
  .min(0, { error: 'validation.invalid' })
  .max(100_000_000, { error: 'validation.too_large' });
const code = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(64, { error: 'validation.too_long' })
  .transform((v) => v.toUpperCase());
const codes = z
  .array(code, { error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(60, { error: 'validation.too_many' });

export const ruleCondition: z.ZodType<RuleCondition> = z.discriminatedUnion(
  'field',
  [
    ...RULE_NUMBER_FIELDS.map((field) => z.object({ field: z.literal(field), op: choice(RULE_NUMBER_OPS), value: number })),
    ...RULE_LIST_FIELDS.map((field) => z.object({ field: z.literal(field), op: choice(RULE_LIST_OPS), values: codes })),
    ...RULE_FLAG_FIELDS.map((field) => z.object({ field: z.literal(field), value: z.boolean({ error: 'validation.required' }) })),
    z.object({ field: z.literal('marketplace'), value: choice(RULE_MARKETPLACES) }),
  ] as unknown as [z.ZodObject, ...z.ZodObject[]],
  { error: 'validation.choice' },
) as unknown as z.ZodType<RuleCondition>;

const scacs = z.array(code, { error: 'validation.invalid' }).max(30, { error: 'validation.too_many' });

export const ruleActions = z
  .object(
    {
      mode: choice(RULE_MODES).optional(),
      prefer_carriers: scacs.optional(),
      exclude_carriers: scacs.optional(),
      service_level: choice(RULE_SERVICE_LEVELS).optional(),
      insurance: choice(RULE_INSURANCE).optional(),
      accessorials: z.array(choice(RULE_ACCESSORIALS)).max(RULE_ACCESSORIALS.length, { error: 'validation.too_many' }).optional(),
      package_preset: choice(PACKAGE_TYPES).optional(),
      hold_for_review: z.boolean({ error: 'validation.invalid' }).optional(),
    },
    { error: 'validation.required' },
  )
  .refine((a) => Object.values(a).some((v) => v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0)), {
    error: 'validation.automation_rule_action_required',
  }) as unknown as z.ZodType<RuleActions>;

export const automationRuleRequest = z.object({
  name,
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
  conditions: z
    .array(ruleCondition, { error: 'validation.invalid' })
    .max(MAX_RULE_CONDITIONS, { error: 'validation.too_many' })
    .default([]),
  actions: ruleActions,
});
export type AutomationRuleRequest = z.output<typeof automationRuleRequest>;
export type AutomationRuleRequestInput = z.input<typeof automationRuleRequest>;

/** A rule switched on or off alone. */
export const automationRuleSwitchRequest = z.object({ enabled: z.boolean({ error: 'validation.required' }) });

/** The account's rules in their new order: every rule's id once. */
export const automationRuleOrderRequest = z.object({
  ids: z
    .array(z.uuid({ error: 'validation.automation_rule_order' }), { error: 'validation.required' })
    .max(200, { error: 'validation.too_many' }),
});

export const AUTOMATION_DRY_RUN_SOURCES = ['shipments', 'ebay_orders'] as const;
export type AutomationDryRunSource = (typeof AUTOMATION_DRY_RUN_SOURCES)[number];

/**
 * A dry run: the rule set as the editor holds it (saved or not; positions are the list's order)
 * against the account's latest shipments or eBay orders.
 */
export const automationDryRunRequest = z.object({
  source: choice(AUTOMATION_DRY_RUN_SOURCES),
  rules: z
    .array(
      automationRuleRequest.extend({
        /** The saved rule this is, so its rows name it; absent for a rule not saved yet. */
        id: z.uuid({ error: 'validation.invalid' }).optional(),
      }),
      { error: 'validation.required' },
    )
    .max(50, { error: 'validation.too_many' }),
});
export type AutomationDryRunRequest = z.output<typeof automationDryRunRequest>;

/** A condition as stored: one of the domain's four kinds (RuleCondition). */
const ruleConditionView = z.discriminatedUnion('field', [
  z.strictObject({ field: z.enum(RULE_NUMBER_FIELDS), op: z.enum(RULE_NUMBER_OPS), value: z.number() }),
  z.strictObject({ field: z.enum(RULE_LIST_FIELDS), op: z.enum(RULE_LIST_OPS), values: z.array(z.string()) }),
  z.strictObject({ field: z.enum(RULE_FLAG_FIELDS), value: z.boolean() }),
  z.strictObject({ field: z.literal('marketplace'), value: z.enum(RULE_MARKETPLACES) }),
]);

/** What a rule sets, each action when it sets it (the domain's RuleActions). */
const ruleActionsView = z.strictObject({
  mode: z.enum(RULE_MODES).optional(),
  prefer_carriers: z.array(z.string()).optional().meta({ description: 'Carrier SCACs listed first in the rate results' }),
  exclude_carriers: z.array(z.string()).optional().meta({ description: 'Carrier SCACs left out of the rate results' }),
  service_level: z.enum(RULE_SERVICE_LEVELS).optional(),
  insurance: z.enum(RULE_INSURANCE).optional(),
  accessorials: z.array(z.enum(RULE_ACCESSORIALS)).optional(),
  package_preset: z.string().optional().meta({ description: 'A package type for items that name none' }),
  hold_for_review: z.boolean().optional(),
});

export const automationRuleView = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  position: z.int().meta({ description: "In the account's list, 1 first" }),
  enabled: z.boolean(),
  conditions: z.array(ruleConditionView),
  actions: ruleActionsView,
  updated_at: z.iso.datetime(),
});
export type AutomationRuleView = z.output<typeof automationRuleView>;

/** Which rule set an action ("set by rule X"); in a dry run, a rule not saved yet is `new-<its place>`. */
export const ruleSourceView = z.strictObject({ id: z.string(), name: z.string() });
export type RuleSourceView = z.output<typeof ruleSourceView>;

/** What the rules set for one shipment, each action with the rule it came from. */
export const ruleOutcomeView = z.strictObject({
  actions: ruleActionsView,
  sources: z.partialRecord(z.enum(RULE_ACTION_KINDS), ruleSourceView),
});
export type RuleOutcomeView = z.output<typeof ruleOutcomeView>;

/** One row of a dry run: a shipment or order, what the rules would change and what it would cost. */
export const automationDryRunRow = z.strictObject({
  id: z.uuid(),
  reference: z.string().meta({ description: 'BOL number or eBay order number' }),
  lane: z.string(),
  weight_lb: z.int(),
  mode_before: z.string().nullable(),
  outcome: ruleOutcomeView,
  status: z.enum(['unchanged', 'rated', 'no_rate', 'error']).meta({
    description:
      "'unchanged': no rule matched; 'rated': re-rated with the rules; 'no_rate': no carrier rated it; 'error': it could not be rated",
  }),
  before_cents: z.int().nullable().meta({ description: "What it cost (a shipment's price as booked; null for an order not yet quoted)" }),
  after_cents: z.int().nullable().meta({ description: "The rate the rules pick, re-rated through today's pricing" }),
  after_carrier: z.string().nullable(),
  currency: z.string(),
});
export type AutomationDryRunRow = z.output<typeof automationDryRunRow>;

export const automationDryRun = z.strictObject({
  source: z.enum(AUTOMATION_DRY_RUN_SOURCES),
  rows: z.array(automationDryRunRow),
  changed: z.int().meta({ description: 'Rows some rule changes' }),
  difference_cents: z.int().meta({ description: 'The sum of after minus before over the rows with both' }),
  currency: z.string(),
});
export type AutomationDryRun = z.output<typeof automationDryRun>;

/** The outcome for a quote request (POST /api/automation-rules/match) or for eBay orders. */
export const automationMatchRequest = z.object({
  origin: z.object({ postal_code: z.string().trim().max(16), country: z.string().max(2), site_type: z.string().max(32).optional() }),
  destination: z.object({ postal_code: z.string().trim().max(16), country: z.string().max(2), site_type: z.string().max(32).optional() }),
  /** Total weight in pounds, longest side in inches. */
  weight_lb: z.number().min(0).max(10_000_000),
  longest_side_in: z.number().min(0).max(100_000).default(0),
  item_count: z.number().int().min(0).max(100_000).default(1),
  skus: z.array(z.string().max(64)).max(100).default([]),
  order_value_cents: z.number().int().min(0).max(100_000_000_00).nullable().default(null),
  hazmat: z.boolean().default(false),
});
export type AutomationMatchRequest = z.output<typeof automationMatchRequest>;

export const automationEbayApplyRequest = z.object({
  order_ids: z
    .array(z.uuid({ error: 'validation.choice' }), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(100, { error: 'validation.too_many' }),
});

/** An eBay order with what the rules set for it. */
export const automationEbayOutcome = z.strictObject({ order_id: z.uuid(), outcome: ruleOutcomeView });
export type AutomationEbayOutcome = z.output<typeof automationEbayOutcome>;
