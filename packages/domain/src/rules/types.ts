import { REQUESTABLE_ACCESSORIALS } from '../freight';

type RequestableAccessorial = (typeof REQUESTABLE_ACCESSORIALS)[number];

/**
 * Automation rules: an account's ordered list of "when the shipment looks like this, quote it
 * like that". Plain data shared by the server (storage, dry run, applying) and the web (editor,
 * "set by rule X"), so both read one definition.
 */

/** What a condition can look at. */
export const RULE_CONDITION_FIELDS = [
  'origin_state',
  'origin_country',
  'destination_state',
  'destination_country',
  'weight_lb',
  'longest_side_in',
  'item_count',
  'sku',
  'order_value_cents',
  'marketplace',
  'hazmat',
  'residential',
] as const;
export type RuleConditionField = (typeof RULE_CONDITION_FIELDS)[number];

/** Fields compared as numbers (total weight in pounds, longest side in inches, pieces, value in cents). */
export const RULE_NUMBER_FIELDS = ['weight_lb', 'longest_side_in', 'item_count', 'order_value_cents'] as const;
/** Fields compared against a list of codes (states, countries, SKUs, product numbers). */
export const RULE_LIST_FIELDS = ['origin_state', 'origin_country', 'destination_state', 'destination_country', 'sku'] as const;
/** Fields that are yes or no. */
export const RULE_FLAG_FIELDS = ['hazmat', 'residential'] as const;

export const RULE_NUMBER_OPS = ['lt', 'lte', 'gt', 'gte'] as const;
export const RULE_LIST_OPS = ['in', 'not_in'] as const;
export const RULE_MARKETPLACES = ['ebay', 'none'] as const;
export type RuleMarketplace = (typeof RULE_MARKETPLACES)[number];

export type RuleCondition =
  | { field: (typeof RULE_NUMBER_FIELDS)[number]; op: (typeof RULE_NUMBER_OPS)[number]; value: number }
  | { field: (typeof RULE_LIST_FIELDS)[number]; op: (typeof RULE_LIST_OPS)[number]; values: string[] }
  | { field: (typeof RULE_FLAG_FIELDS)[number]; value: boolean }
  | { field: 'marketplace'; value: RuleMarketplace };

/** What an action can set. */
export const RULE_ACTION_KINDS = [
  'mode',
  'prefer_carriers',
  'exclude_carriers',
  'service_level',
  'insurance',
  'accessorials',
  'package_preset',
  'hold_for_review',
] as const;
export type RuleActionKind = (typeof RULE_ACTION_KINDS)[number];

export const RULE_MODES = ['ltl', 'parcel', 'truckload'] as const;
export type RuleMode = (typeof RULE_MODES)[number];
/** Which rate the rule picks among those left: the lowest price or the fewest transit days. */
export const RULE_SERVICE_LEVELS = ['cheapest', 'fastest'] as const;
export type RuleServiceLevel = (typeof RULE_SERVICE_LEVELS)[number];
/** The rate results' insurance options as the user settings name them. */
export const RULE_INSURANCE = ['insured', 'uninsured'] as const;
export type RuleInsurance = (typeof RULE_INSURANCE)[number];
export const RULE_ACCESSORIALS = REQUESTABLE_ACCESSORIALS;

export interface RuleActions {
  mode?: RuleMode;
  /** Carrier SCACs listed first in the rate results. */
  prefer_carriers?: string[];
  /** Carrier SCACs left out of the rate results. */
  exclude_carriers?: string[];
  service_level?: RuleServiceLevel;
  insurance?: RuleInsurance;
  /** Accessorials added to the shipment's own. */
  accessorials?: RequestableAccessorial[];
  /** A package type for items that name none (eBay orders' unmatched lines, a new item line). */
  package_preset?: string;
  /** The shipment waits for an account admin's look before booking. */
  hold_for_review?: boolean;
}

export interface AutomationRule {
  id: string;
  name: string;
  /** Position in the account's list, 1 first. */
  position: number;
  enabled: boolean;
  /** Every condition must hold (none: the rule matches every shipment). */
  conditions: RuleCondition[];
  actions: RuleActions;
}

/** A shipment as the rules read it: a quote's input, a booked shipment or a marketplace order. */
export interface RuleShipment {
  origin: { state: string | null; country: string };
  destination: { state: string | null; country: string; residential: boolean };
  /** Total weight in pounds. */
  weight_lb: number;
  /** Longest side of any item, inches. */
  longest_side_in: number;
  /** Pieces (handling units) in all. */
  item_count: number;
  /** SKUs or catalog product numbers of its items. */
  skus: string[];
  /** Order or declared value in cents, null when unknown. */
  order_value_cents: number | null;
  marketplace: RuleMarketplace;
  hazmat: boolean;
}

/** Most rules an account keeps, and most conditions of one rule. */
export const MAX_AUTOMATION_RULES = 50;
export const MAX_RULE_CONDITIONS = 12;
/** Shipments or orders a dry run re-rates. */
export const RULE_DRY_RUN_ROWS = 100;
