import { CURRENCIES, LANGUAGES, SHIPPING_MODES, UNIT_SYSTEMS } from '@freight/domain';
import { Grid, Select, type SelectProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/useFormat';
import type { AnyForm } from './AddressFields';

/** Sample shipment of the unit example: a 1,000 lb pallet of 48 × 40 × 48 in. */
const SAMPLE_WEIGHT_LB = 1000;
const SAMPLE_DIMENSIONS_IN = [48, 40, 48] as const;

/**
 * A half-width select of a settings list bound to `path` of a form; the options' labels are the
 * i18n keys `ns.value`.
 */
export function PreferenceSelect({
  form,
  path,
  label,
  values,
  ns,
  ...rest
}: { form: AnyForm; path: string; label: string; values: readonly string[]; ns: string } & Omit<SelectProps, 'data' | 'form'>) {
  const { t } = useTranslation();
  return (
    <Grid.Col span={{ base: 12, sm: 6 }}>
      <Select
        label={label}
        allowDeselect={false}
        data={values.map((v) => ({ value: v, label: t(`${ns}.${v}`) }))}
        {...rest}
        {...form.getInputProps(path)}
      />
    </Grid.Col>
  );
}

/**
 * Language, unit system (with a live example in the chosen units), default currency and
 * preferred mode selects bound to `prefix` of a form; `children` are further grid columns.
 */
export function PreferenceFields({ form, prefix, children }: { form: AnyForm; prefix: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const p = (f: string) => (prefix ? `${prefix}.${f}` : f);
  const units = String(form.getInputProps(p('unit_system')).value ?? fmt.unitSystem);
  const example = t('settings.prefs.unit_example', {
    weight: fmt.weight(SAMPLE_WEIGHT_LB, units),
    dimensions: fmt.dimensions(SAMPLE_DIMENSIONS_IN, units),
  });
  return (
    <Grid>
      <PreferenceSelect form={form} path={p('language')} label={t('settings.prefs.language')} values={LANGUAGES} ns="languages" />
      <PreferenceSelect
        form={form}
        path={p('unit_system')}
        label={t('settings.prefs.unit_system')}
        values={UNIT_SYSTEMS}
        ns="unit_systems"
        description={example}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <PreferenceSelect form={form} path={p('currency')} label={t('settings.prefs.currency')} values={CURRENCIES} ns="currencies" />
      <PreferenceSelect
        form={form}
        path={p('preferred_mode')}
        label={t('settings.prefs.preferred_mode')}
        values={SHIPPING_MODES}
        ns="shipping_modes"
      />
      {children}
    </Grid>
  );
}
