import type { BatchRule } from '@freight/contracts';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** How a batch's rows get their rate: one of `rules`, with a word on what it does. */
export function RuleSelect<R extends BatchRule>({
  rules,
  value,
  onChange,
}: {
  rules: readonly R[];
  value: R;
  onChange: (rule: R) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('batches.upload.rule')}
      description={t(`batches.rule_hints.${value}`)}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value as R)}
      data={rules.map((r) => ({ value: r, label: t(`batches.rules.${r}`) }))}
      maw={420}
    />
  );
}
