import type { TwoFactorRule } from '@freight/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Whether the account requires a second factor of every user (its admin only: anyone else gets 403). */
export const TWO_FACTOR_RULE_KEY = ['security', 'two-factor-rule'] as const;

export const twoFactorRuleQuery = () =>
  queryOptions({
    queryKey: TWO_FACTOR_RULE_KEY,
    queryFn: ({ signal }) => api.get<{ data: TwoFactorRule }>('/api/account/two-factor-rule', { signal }).then((r) => r.data),
    retry: false,
  });

export const saveTwoFactorRule = (required: boolean) =>
  api.put<{ data: TwoFactorRule }>('/api/account/two-factor-rule', { required }).then((r) => r.data);
