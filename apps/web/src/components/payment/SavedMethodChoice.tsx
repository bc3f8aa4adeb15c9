import type { PaymentMethodView } from '@freight/contracts';
import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { methodLabel } from './methodLabel';

/** The choice of a new card or bank account rather than a saved one. */
export const NEW_METHOD = 'new';

/** The saved method chosen at first: the default (listed first), else a new one. */
export const firstChoice = (methods: PaymentMethodView[]) => methods.find((m) => m.is_default)?.ref ?? methods[0]?.ref ?? NEW_METHOD;

/**
 * Pay with one of the account's saved methods (by its processor id) or, when `allowNew`, a new one;
 * nothing to choose when none is saved. The default is marked; a card says when it expires.
 */
export function SavedMethodChoice({
  methods,
  kind,
  value,
  onChange,
  allowNew = true,
}: {
  methods: PaymentMethodView[];
  kind: 'card' | 'bank';
  value: string;
  onChange: (value: string) => void;
  allowNew?: boolean;
}) {
  const { t } = useTranslation();
  if (!methods.length) return null;
  const label = (m: PaymentMethodView) => {
    const name = methodLabel(t, m);
    const words = m.exp_month && m.exp_year ? `${name}, ${t('payment.method.expires', { month: m.exp_month, year: m.exp_year })}` : name;
    return m.is_default ? t('payment.method.default', { method: words }) : words;
  };
  return (
    <Radio.Group label={t(`payment.choice.${kind}`)} value={value} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {methods.map((m) => (
          <Radio key={m.ref} value={m.ref} label={label(m)} />
        ))}
        {allowNew && <Radio value={NEW_METHOD} label={t(`payment.choice.new_${kind}`)} />}
      </Stack>
    </Radio.Group>
  );
}
