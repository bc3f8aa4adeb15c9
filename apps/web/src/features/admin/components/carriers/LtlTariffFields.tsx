import { LTL_SERVICE_LEVEL_CHOICES } from '@freight/contracts';
import { Accordion, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureInput } from '../versions/FigureInput';
import { AccessorialTable, BaseRatesTable, FuelTable } from './LtlRateTables';
import { TariffRows } from './TariffRows';
import type { TariffFormValues } from './tariffForm';

type Form = UseFormReturnType<TariffFormValues>;

/** Distance bands: base rates scale by a factor up to each band's miles; the last band has no limit. */
function DistanceBands({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <TariffRows
      form={form}
      path="tariff.distance_bands"
      columns={[
        {
          key: 'max_miles',
          label: t('admin.carriers.fields.up_to_miles'),
          unit: 'plain',
          decimals: 0,
          empty: 'null',
          cell: (row, i, rows) =>
            row.max_miles === null && i === rows.length - 1 ? <Text size="sm">{t('admin.carriers.fields.no_limit')}</Text> : undefined,
        },
        { key: 'factor', label: t('admin.carriers.fields.factor'), unit: 'plain' },
      ]}
      addLabel={t('admin.carriers.fields.add_band')}
      // A new band goes before the open-ended last one.
      added={(rows) => {
        const at = Math.max(0, rows.length - 1);
        return { row: { max_miles: ((rows[at - 1]?.max_miles as number | undefined) ?? 0) + 250, factor: 1 }, at };
      }}
    />
  );
}

function OverlengthTiers({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <TariffRows
      form={form}
      path="tariff.overlength_tiers"
      columns={[
        { key: 'min_in', label: t('admin.carriers.fields.from_in'), unit: 'plain', decimals: 0 },
        { key: 'max_in', label: t('admin.carriers.fields.to_in'), unit: 'plain', decimals: 0 },
        { key: 'cents', label: t('admin.carriers.fields.amount'), unit: 'dollars' },
      ]}
      addLabel={t('admin.carriers.fields.add_tier')}
      added={() => ({ row: { min_in: 96, max_in: 143, cents: 9000 } })}
    />
  );
}

/** Each section's figures by the beginnings of their paths. */
const SECTION_PATHS: Record<string, string[]> = {
  basics: ['tariff.discount_bp', 'tariff.amc_cents', 'tariff.service_level'],
  rates: ['tariff.rates'],
  bands: ['tariff.distance_bands'],
  accessorials: ['tariff.accessorials'],
  fuel: ['tariff.fuel'],
  overlength: ['tariff.overlength_tiers', 'tariff.nyc_zip3'],
};

const sectionsWithErrors = (errors: Record<string, unknown>) =>
  Object.keys(SECTION_PATHS).filter((section) =>
    Object.keys(errors).some((path) => SECTION_PATHS[section]?.some((start) => path === start || path.startsWith(`${start}.`))),
  );

/**
 * The LTL tariff in the engine's terms (packages/domain/src/rating/ltl-tariff.ts), section by
 * section. A section with an error opens when the errors come, so the figure at fault can be seen
 * and focused.
 */
export function LtlTariffFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const zip3 = (form.values.tariff.nyc_zip3 ?? []) as string[];
  const [open, setOpen] = useState(['basics']);
  useEffect(() => {
    const faulty = sectionsWithErrors(form.errors);
    if (faulty.length) setOpen((now) => [...new Set([...now, ...faulty])]);
  }, [form.errors]);
  return (
    <Accordion multiple value={open} onChange={setOpen} variant="separated">
      <Accordion.Item value="basics">
        <Accordion.Control>{t('admin.carriers.tariff')}</Accordion.Control>
        <Accordion.Panel>
          <Group align="flex-start">
            <FigureInput form={form} path="tariff.discount_bp" unit="percent" label={t('admin.carriers.fields.discount')} w={220} />
            <FigureInput form={form} path="tariff.amc_cents" unit="dollars" label={t('admin.carriers.fields.amc')} w={220} />
            <NativeSelect
              size="xs"
              label={t('admin.carriers.fields.service_level')}
              data={LTL_SERVICE_LEVEL_CHOICES.map((l) => ({ value: l, label: t(`admin.carriers.fields.service_levels.${l}`) }))}
              {...form.getInputProps('tariff.service_level')}
              value={(form.values.tariff.service_level as string | undefined) ?? 'standard'}
              w={220}
            />
          </Group>
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="rates">
        <Accordion.Control>{t('admin.carriers.fields.base_rates')}</Accordion.Control>
        <Accordion.Panel>
          <BaseRatesTable form={form} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="bands">
        <Accordion.Control>{t('admin.carriers.fields.distance_bands')}</Accordion.Control>
        <Accordion.Panel>
          <DistanceBands form={form} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="accessorials">
        <Accordion.Control>{t('admin.carriers.fields.accessorials')}</Accordion.Control>
        <Accordion.Panel>
          <AccessorialTable form={form} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="fuel">
        <Accordion.Control>{t('admin.carriers.fields.fuel')}</Accordion.Control>
        <Accordion.Panel>
          <FuelTable form={form} />
        </Accordion.Panel>
      </Accordion.Item>
      <Accordion.Item value="overlength">
        <Accordion.Control>{t('admin.carriers.fields.overlength')}</Accordion.Control>
        <Accordion.Panel>
          <Stack>
            <OverlengthTiers form={form} />
            <TextInput
              size="xs"
              label={t('admin.carriers.fields.nyc')}
              description={t('admin.carriers.fields.nyc_hint')}
              value={zip3.join(', ')}
              error={
                form.getInputProps('tariff.nyc_zip3').error ??
                zip3.map((_, i) => form.getInputProps(`tariff.nyc_zip3.${i}`).error).find(Boolean)
              }
              onChange={(e) =>
                form.setFieldValue(
                  'tariff.nyc_zip3',
                  e.currentTarget.value
                    .split(',')
                    .map((s) => s.trim())
                    .filter(Boolean),
                )
              }
            />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
