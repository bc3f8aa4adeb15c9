/**
 * Automation rules for other features: the rules' outcome for the quote form and eBay orders and
 * its "set by rule" note. The Settings > Rules page loads on its own (routes/RulesRoute).
 */
export { rulesApi } from './api/rulesApi';
export { SetByRule } from './components/SetByRule';
export { useEbayRuleOutcome, useQuoteRuleOutcome } from './components/useRuleOutcome';
