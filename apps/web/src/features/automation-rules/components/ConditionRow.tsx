import {
  RULE_CONDITION_FIELDS,
  RULE_FLAG_FIELDS,
  RULE_LIST_FIELDS,
  RULE_LIST_OPS,
  RULE_MARKETPLACES,
  RULE_NUMBER_FIELDS,
  RULE_NUMBER_OPS,
  type RuleCondition,
  type RuleConditionField,
} from '@freight/domain';
import { ActionIcon, Group, NativeSelect, NumberInput, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const isIn = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/** A new condition of `field` with a starting value. */
export function blankCondition(field: RuleConditionField): RuleCondition {
  if (isIn(RULE_NUMBER_FIELDS, field)) return { field, op: 'lt', value: 0 };
  if (isIn(RULE_LIST_FIELDS, field)) return { field, op: 'in', values: [] };
  if (isIn(RULE_FLAG_FIELDS, field)) return { field, value: true };
  return { field: 'marketplace', value: 'ebay' };
}

/** One condition of the editor: what it looks at, how it compares and the value; `error` is the server's or the form's word on it. */
export function ConditionRow({
  n,
  condition,
  error,
  onChange,
  onRemove,
}: {
  n: number;
  condition: RuleCondition;
  error?: string;
  onChange: (c: RuleCondition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const label = (key: string) => t(key, { n: n + 1 });
  const money = condition.field === 'order_value_cents';
  let value: React.ReactNode;
  if ('op' in condition && 'values' in condition) {
    value = (
      <TextInput
        label={label('rules.editor.values')}
        description={t(`rules.editor.values_hints.${condition.field}`)}
        value={condition.values.join(', ')}
        error={error}
        onChange={(e) =>
          onChange({
            ...condition,
            values: e.currentTarget.value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          })
        }
      />
    );
  } else if ('op' in condition) {
    value = (
      <NumberInput
        label={label('rules.editor.value')}
        description={t(`rules.units.${condition.field}`)}
        min={0}
        decimalScale={2}
        value={money ? condition.value / 100 : condition.value}
        error={error}
        onChange={(v) => {
          const typed = Number(v || 0);
          onChange({ ...condition, value: money ? Math.round(typed * 100) : typed });
        }}
      />
    );
  } else {
    const choices =
      condition.field === 'marketplace'
        ? RULE_MARKETPLACES.map((m) => ({ value: m, label: t(`rules.marketplaces.${m}`) }))
        : [
            { value: 'true', label: t('rules.yes') },
            { value: 'false', label: t('rules.no') },
          ];
    value = (
      <NativeSelect
        label={label('rules.editor.value')}
        data={choices}
        value={String(condition.value)}
        error={error}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange(
            condition.field === 'marketplace'
              ? { field: 'marketplace', value: v as 'ebay' }
              : ({ ...condition, value: v === 'true' } as RuleCondition),
          );
        }}
      />
    );
  }
  return (
    <Group align="flex-start" gap="xs" wrap="wrap">
      <NativeSelect
        label={label('rules.editor.field')}
        data={RULE_CONDITION_FIELDS.map((f) => ({ value: f, label: t(`rules.fields.${f}`) }))}
        value={condition.field}
        onChange={(e) => onChange(blankCondition(e.currentTarget.value as RuleConditionField))}
        w={220}
      />
      {'op' in condition && (
        <NativeSelect
          label={label('rules.editor.op')}
          data={('values' in condition ? RULE_LIST_OPS : RULE_NUMBER_OPS).map((op) => ({ value: op, label: t(`rules.op_names.${op}`) }))}
          value={condition.op}
          onChange={(e) => onChange({ ...condition, op: e.currentTarget.value } as RuleCondition)}
          w={160}
        />
      )}
      <div style={{ flex: '1 1 180px' }}>{value}</div>
      <ActionIcon variant="subtle" color="red" mt={26} aria-label={label('rules.editor.remove_condition')} onClick={onRemove}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
