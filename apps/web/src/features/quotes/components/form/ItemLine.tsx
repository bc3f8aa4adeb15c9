import { PACKAGE_TYPES, type PartSuggestion, type Product } from '@freight/contracts';
import { NMFC_CLASSES } from '@freight/domain';
import { Box, Button, Checkbox, Fieldset, Grid, Group, NativeSelect, NumberInput, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PartDescriptionInput } from '../../../../components/parts/PartDescriptionInput';
import { lengthUnit, weightUnit } from '../../../../lib/format';
import { useFormat } from '../../../../lib/useFormat';
import { useGuestQuote } from '../guest';
import type { LineDensity } from './density';
import type { FormKind, FormValues } from './model';
import { searchProducts } from './pickersApi';
import { SearchPicker } from './SearchPicker';
import { UnitLabel } from './UnitLabel';

export interface ItemLineProps {
  form: UseFormReturnType<FormValues>;
  index: number;
  kind: FormKind;
  /** Density of the handling unit this line is the base of (null while incomplete, or when loaded on another line). */
  density: LineDensity | null;
  /** 1-based number of the line this one is loaded on. */
  loadedOn: number | null;
  /** Weight per unit of the merged handling unit when items are loaded on this line. */
  mergedWeight: number | null;
  /** Lines this one may be loaded on: key and 1-based number. */
  targets: { key: string; n: number }[];
  onCombine: (target: string | null) => void;
  onFreightClass: (value: string) => void;
  onRemove: (() => void) | null;
  /** A catalog product was picked: fill the line from it. */
  onPickProduct: (product: Product) => void;
  /** A part of the staff's part catalog was picked in the description: fill NMFC, class and hazardous from it. */
  onPickPart: (part: PartSuggestion) => void;
  /** The class of the part picked for this line, while it is the line's recommended class. */
  partClass?: number | null;
}

const unitSection = (unit: string) => (
  <Text size="xs" c="dimmed" aria-hidden>
    {unit}
  </Text>
);

/** One shipping unit line: package type, quantity, dimensions, weight, class, and the live density. */
export function ItemLine({
  form,
  index,
  kind,
  density,
  loadedOn,
  mergedWeight,
  targets,
  onCombine,
  onFreightClass,
  onRemove,
  onPickProduct,
  onPickPart,
  partClass = null,
}: ItemLineProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const guest = useGuestQuote();
  const [picked, setPicked] = useState<Product | null>(null);
  const item = form.values.items[index];
  if (!item) return null;
  const units = form.values.unit_system;
  const p = (f: string) => `items.${index}.${f}`;
  const n = index + 1;
  const ltl = kind === 'ltl_parcel';
  const loaded = loadedOn !== null;
  const number = (field: 'length' | 'width' | 'height' | 'weight', unit: string, extra: object = {}) => (
    <NumberInput
      label={<UnitLabel label={t(`quotes.form.items.${field}`)} unit={unit} />}
      withAsterisk
      min={0}
      allowNegative={false}
      decimalScale={2}
      hideControls
      rightSection={unitSection(unit)}
      rightSectionPointerEvents="none"
      {...extra}
      {...form.getInputProps(p(field))}
    />
  );
  const densityText = density
    ? t('quotes.form.items.density', {
        density: fmt.number(density.density, { maximumFractionDigits: 2, minimumFractionDigits: 2 }),
        unit: t(units === 'metric' ? 'quotes.form.items.kg_m3' : 'quotes.form.items.pcf'),
        class: density.density_class,
      })
    : null;

  return (
    <Fieldset legend={t('quotes.form.items.item', { n })} variant="filled" p="sm" data-testid={`item-${n}`}>
      {/* A visitor has no product catalog. */}
      {!guest && (
        <Box maw={520} mb="xs">
          <SearchPicker<Product>
            label={t('quotes.form.pickers.product.label')}
            placeholder={t('quotes.form.pickers.product.placeholder')}
            queryKey="product-picker"
            search={searchProducts}
            idOf={(p) => p.id}
            describe={(p) => {
              const facts = {
                number: p.product_number,
                package_type: t(`quotes.form.package_types.${p.package_type}`),
                dimensions: fmt.dimensions([p.length_in, p.width_in, p.height_in], units),
                weight: fmt.weight(p.weight_lb, units),
              };
              return {
                title: p.description,
                detail: t(p.product_number ? 'quotes.form.pickers.product.detail_number' : 'quotes.form.pickers.product.detail', facts),
              };
            }}
            onPick={(p) => {
              setPicked(p);
              onPickProduct(p);
            }}
            chosen={
              picked && picked.description === item.description.trim()
                ? t('quotes.form.pickers.product.chosen', { description: picked.description })
                : undefined
            }
            emptyText={t('quotes.form.pickers.product.empty')}
          />
        </Box>
      )}
      <Grid gap="xs" columns={24}>
        <Grid.Col span={{ base: 16, md: 6 }}>
          <NativeSelect
            label={t('quotes.form.items.package_type')}
            withAsterisk
            data={[
              { value: '', label: t('quotes.form.choose'), disabled: true },
              ...PACKAGE_TYPES.map((v) => ({ value: v, label: t(`quotes.form.package_types.${v}`) })),
            ]}
            {...form.getInputProps(p('package_type'))}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 8, md: 3 }}>
          <NumberInput
            label={t('quotes.form.items.quantity')}
            withAsterisk
            min={1}
            max={1000}
            allowNegative={false}
            allowDecimal={false}
            hideControls
            {...form.getInputProps(p('quantity'))}
          />
        </Grid.Col>
        {!loaded && (
          <>
            <Grid.Col span={{ base: 8, md: 3 }}>{number('length', lengthUnit(units))}</Grid.Col>
            <Grid.Col span={{ base: 8, md: 3 }}>{number('width', lengthUnit(units))}</Grid.Col>
            <Grid.Col span={{ base: 8, md: 3 }}>{number('height', lengthUnit(units))}</Grid.Col>
          </>
        )}
        <Grid.Col span={{ base: 12, md: 6 }}>
          {number('weight', weightUnit(units), {
            description: t('quotes.form.items.weight_hint'),
            inputWrapperOrder: ['label', 'input', 'description', 'error'],
          })}
        </Grid.Col>
        {ltl && !loaded && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <NativeSelect
              label={t('quotes.form.items.freight_class')}
              data={[
                {
                  value: '',
                  label: density
                    ? t('quotes.form.items.class_from_density_n', { class: density.density_class })
                    : t('quotes.form.items.class_from_density'),
                },
                ...NMFC_CLASSES.map((c) => ({ value: String(c), label: t('quotes.form.items.class_n', { class: c }) })),
              ]}
              value={item.freight_class}
              onChange={(e) => onFreightClass(e.currentTarget.value)}
              error={form.errors[p('freight_class')]}
              description={partClass !== null ? t('quotes.form.items.class_from_part', { class: partClass }) : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          </Grid.Col>
        )}
        {ltl && !loaded && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextInput label={t('quotes.form.items.nmfc')} maxLength={32} {...form.getInputProps(p('nmfc'))} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 24, md: ltl && !loaded ? 8 : 12 }}>
          {/* A visitor has no part catalog either: suggestions are for signed-in users. */}
          {guest ? (
            <TextInput label={t('quotes.form.items.description')} maxLength={255} {...form.getInputProps(p('description'))} />
          ) : (
            <PartDescriptionInput
              label={t('quotes.form.items.description')}
              maxLength={255}
              {...form.getInputProps(p('description'))}
              value={item.description}
              onChange={(value) => form.setFieldValue(p('description'), value)}
              onPick={onPickPart}
            />
          )}
        </Grid.Col>
        {ltl && targets.length > 0 && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <NativeSelect
              label={t('quotes.form.items.combine')}
              description={t('quotes.form.items.combine_hint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data={[
                { value: '', label: t('quotes.form.items.combine_none') },
                ...targets.map((target) => ({ value: target.key, label: t('quotes.form.items.combine_option', { n: target.n }) })),
              ]}
              value={item.combine_with ?? ''}
              onChange={(e) => onCombine(e.currentTarget.value || null)}
            />
          </Grid.Col>
        )}
      </Grid>
      <Group justify="space-between" mt="xs" gap="xs" wrap="wrap">
        <Group gap="md">
          <Checkbox label={t('quotes.form.items.stackable')} {...form.getInputProps(p('stackable'), { type: 'checkbox' })} />
          <Checkbox label={t('quotes.form.items.hazardous')} {...form.getInputProps(p('hazardous'), { type: 'checkbox' })} />
        </Group>
        {onRemove && (
          <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
            {t('quotes.form.items.remove', { n })}
          </Button>
        )}
      </Group>
      {ltl && (
        <Text
          size="sm"
          mt={6}
          fw={density ? 500 : undefined}
          c={density ? undefined : 'dimmed'}
          aria-live="polite"
          data-testid={`density-${n}`}
        >
          {loaded ? t('quotes.form.items.combined_note', { n: loadedOn }) : (densityText ?? t('quotes.form.items.density_pending'))}
          {!loaded &&
            mergedWeight !== null &&
            ` ${t('quotes.form.items.combined_total', { weight: `${fmt.number(mergedWeight, { maximumFractionDigits: 2 })} ${weightUnit(units)}` })}`}
        </Text>
      )}
    </Fieldset>
  );
}
