import { PRICING_MODES, type PricingAdjustment, type PricingRule } from '@freight/domain/pricing';
import { Button, Fieldset, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FigureInput } from '../versions/FigureInput';
import { PlaceField } from './PlaceField';
import type { ProgramFormValues } from './programForm';

type Form = UseFormReturnType<ProgramFormValues>;
type Kind = PricingAdjustment['kind'];

/** Each adjustment's one figure: its key and unit; a kind chosen anew starts from this figure. */
const FIGURE: Record<Kind, { key: string; unit: 'percent' | 'dollars'; start: number }> = {
  markup: { key: 'markup_bp', unit: 'percent', start: 1_000 },
  flat: { key: 'amount_cents', unit: 'dollars', start: 5_000 },
  discount_off_base: { key: 'discount_bp', unit: 'percent', start: 6_000 },
};

/** A text field of the form that stores nothing for an empty field (an optional code), upper case. */
export function CodeInput({ form, path, label }: { form: Form; path: string; label: string }) {
  const props = form.getInputProps(path);
  return (
    <TextInput
      size="xs"
      label={label}
      value={(props.value as string | undefined) ?? ''}
      error={props.error}
      maxLength={4}
      onChange={(e) => form.setFieldValue(path, e.currentTarget.value.trim().toUpperCase() || undefined)}
    />
  );
}

/** Weight from (included) and up to (excluded), in pounds as the program keeps them. */
export function WeightFields({ form, path }: { form: Form; path: string }) {
  const { t } = useTranslation();
  return (
    <>
      <FigureInput form={form} path={`${path}.min_lb`} unit="plain" decimals={0} empty="absent" label={t('admin.pricing.min_lb')} />
      <FigureInput form={form} path={`${path}.max_lb`} unit="plain" decimals={0} empty="absent" label={t('admin.pricing.max_lb')} />
    </>
  );
}

/** One rule of the draft: its name, what it matches and its adjustment, with its own minimum margin if it has one. */
export function RuleFields({ form, index, onRemove }: { form: Form; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const path = `program.rules.${index}`;
  const rule = form.values.program.rules[index] as PricingRule;
  const kind = rule.adjustment.kind;
  const figure = FIGURE[kind];
  return (
    <Fieldset legend={t('admin.pricing.rule_n', { number: index + 1, name: rule.name })} variant="filled" p="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
        <TextInput size="xs" label={t('admin.pricing.name')} maxLength={80} {...form.getInputProps(`${path}.name`)} />
        <NativeSelect
          size="xs"
          label={t('admin.pricing.mode')}
          data={[
            { value: '', label: t('admin.pricing.any_mode') },
            ...PRICING_MODES.map((m) => ({ value: m, label: t(`admin.pricing.modes.${m}`) })),
          ]}
          value={rule.match.mode ?? ''}
          error={form.errors[`${path}.match.mode`]}
          onChange={(e) => form.setFieldValue(`${path}.match.mode`, e.currentTarget.value || undefined)}
        />
        <CodeInput form={form} path={`${path}.match.carrier_scac`} label={t('admin.pricing.carrier_any')} />
        <NativeSelect
          size="xs"
          label={t('admin.pricing.adjustment')}
          data={(Object.keys(FIGURE) as Kind[]).map((k) => ({ value: k, label: t(`admin.pricing.adjustments.${k}`) }))}
          value={kind}
          error={form.errors[`${path}.adjustment`]}
          onChange={(e) => {
            const next = e.currentTarget.value as Kind;
            form.setFieldValue(`${path}.adjustment`, { kind: next, [FIGURE[next].key]: FIGURE[next].start });
          }}
        />
        <FigureInput form={form} path={`${path}.adjustment.${figure.key}`} unit={figure.unit} label={t(`admin.pricing.figures.${kind}`)} />
        <PlaceField form={form} path={`${path}.match.origin`} label={t('admin.pricing.origin')} optional />
        <PlaceField form={form} path={`${path}.match.destination`} label={t('admin.pricing.destination')} optional />
        <WeightFields form={form} path={`${path}.match.weight`} />
        <FigureInput
          form={form}
          path={`${path}.minimum_margin_cents`}
          unit="dollars"
          empty="absent"
          label={t('admin.pricing.rule_minimum_cents')}
        />
        <FigureInput
          form={form}
          path={`${path}.minimum_margin_bp`}
          unit="percent"
          empty="absent"
          label={t('admin.pricing.rule_minimum_bp')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="xs">
        <Button size="compact-xs" variant="subtle" color="red" onClick={onRemove}>
          {t('admin.pricing.remove_rule', { number: index + 1 })}
        </Button>
      </Group>
    </Fieldset>
  );
}
