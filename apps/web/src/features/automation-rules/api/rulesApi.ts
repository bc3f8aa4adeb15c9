import type {
  AutomationDryRun,
  AutomationDryRunSource,
  AutomationEbayOutcome,
  AutomationMatchRequest,
  AutomationRuleRequestInput,
  AutomationRuleView,
  RuleOutcomeView,
} from '@freight/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The account's automation rules (Settings > Rules) and their outcome for a quote or eBay orders. */
export const RULES_KEY = ['automation-rules'] as const;
export const rulesQuery = () => ({
  queryKey: RULES_KEY,
  queryFn: () => api.get<{ data: AutomationRuleView[] }>('/api/automation-rules').then((r) => r.data),
});
export const afterRulesChange = (client: QueryClient) => client.invalidateQueries({ queryKey: RULES_KEY });

export const rulesApi = {
  create: (body: AutomationRuleRequestInput) => api.post<{ data: AutomationRuleView }>('/api/automation-rules', body).then((r) => r.data),
  update: (id: string, body: AutomationRuleRequestInput) =>
    api.put<{ data: AutomationRuleView }>(`/api/automation-rules/${id}`, body).then((r) => r.data),
  setEnabled: (id: string, enabled: boolean) =>
    api.put<{ data: AutomationRuleView }>(`/api/automation-rules/${id}/enabled`, { enabled }).then((r) => r.data),
  reorder: (ids: string[]) => api.put<{ data: AutomationRuleView[] }>('/api/automation-rules/order', { ids }).then((r) => r.data),
  remove: (id: string) => api.delete<void>(`/api/automation-rules/${id}`),
  dryRun: (source: AutomationDryRunSource, rules: (AutomationRuleRequestInput & { id?: string })[]) =>
    api.post<{ data: AutomationDryRun }>('/api/automation-rules/dry-run', { source, rules }).then((r) => r.data),
  match: (body: AutomationMatchRequest) => api.post<{ data: RuleOutcomeView }>('/api/automation-rules/match', body).then((r) => r.data),
  ebayOrders: (orderIds: string[]) =>
    api.post<{ data: AutomationEbayOutcome[] }>('/api/automation-rules/ebay-orders', { order_ids: orderIds }).then((r) => r.data),
};
