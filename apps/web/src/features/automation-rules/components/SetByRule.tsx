import type { RuleOutcomeView } from '@freight/contracts';
import type { RuleActionKind } from '@freight/domain';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { actionWords } from './ruleWords';

/**
 * What the account's rules set for a quote or an order, each setting with the rule that set it
 * ('Mode: Parcel · set by rule Residential to parcel'), and that the user may change it.
 * Nothing when no rule matched.
 */
export function SetByRule({ outcome, compact = false }: { outcome: RuleOutcomeView | null | undefined; compact?: boolean }) {
  const { t } = useTranslation();
  const kinds = Object.keys(outcome?.sources ?? {}) as RuleActionKind[];
  if (!outcome || kinds.length === 0) return null;
  const lines = kinds.map((k) => t('rules.set_line', { action: actionWords(t, k, outcome.actions[k]), name: outcome.sources[k]?.name }));
  if (compact)
    return (
      <Text size="xs" c="blue.9" data-testid="set-by-rule">
        {lines.join(' · ')}
      </Text>
    );
  return (
    <Alert color="blue" variant="light" title={t('rules.applied_title')} data-testid="set-by-rule">
      {lines.map((l) => (
        <Text size="sm" key={l}>
          {l}
        </Text>
      ))}
      <Text size="xs" mt={4}>
        {t('rules.override_hint')}
      </Text>
    </Alert>
  );
}
