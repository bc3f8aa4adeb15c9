import type { PartSuggestion, Product } from '@freight/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { baseKeyOf, combineTargets, type RequestItem, removeLine, setCombine } from './combine';
import type { LineDensity } from './density';
import { ItemLine } from './ItemLine';
import { emptyItem, type FormKind, type FormValues } from './model';
import type { PickedPart } from './usePicking';

/** The contract's limit on item lines. */
const MAX_ITEMS = 50;

export interface ItemLinesProps {
  form: UseFormReturnType<FormValues>;
  kind: FormKind;
  /** The request's handling units and the base line of each (useCargo). */
  merged: { items: RequestItem[]; lineKeys: string[] };
  densityByLine: ReadonlyMap<string, LineDensity | null>;
  onFreightClass: (index: number, value: string) => void;
  onPickProduct: (index: number, product: Product) => void;
  onPickPart: (index: number, part: PartSuggestion) => void;
  partOf: (line: { key: string; description: string }) => PickedPart | null;
}

/** The shipping units: one ItemLine each (loaded on another, or with others loaded on it), added and removed here. */
export function ItemLines({ form, kind, merged, densityByLine, onFreightClass, onPickProduct, onPickPart, partOf }: ItemLinesProps) {
  const { t } = useTranslation();
  const items = form.values.items;
  const ltlParcel = kind === 'ltl_parcel';

  // A change of lines clears the errors: their paths count lines.
  const setItems = (next: FormValues['items']) => {
    form.clearErrors();
    form.setFieldValue('items', next);
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('quotes.form.items.title')}
      </Title>
      {items.map((item, index) => {
        const base = ltlParcel ? baseKeyOf(items, item.key) : item.key;
        const loadedOn = base === item.key ? null : items.findIndex((l) => l.key === base) + 1;
        const requestIndex = merged.lineKeys.indexOf(item.key);
        const hasLoaded = ltlParcel && items.some((l) => l.key !== item.key && baseKeyOf(items, l.key) === item.key);
        const mergedWeight = hasLoaded && requestIndex >= 0 ? (merged.items[requestIndex]?.weight ?? null) : null;
        return (
          <ItemLine
            key={item.key}
            form={form}
            index={index}
            kind={kind}
            density={loadedOn === null ? (densityByLine.get(item.key) ?? null) : null}
            loadedOn={loadedOn}
            mergedWeight={typeof mergedWeight === 'number' && Number.isFinite(mergedWeight) ? mergedWeight : null}
            targets={combineTargets(items, item.key).map((l) => ({ key: l.key, n: items.indexOf(l) + 1 }))}
            onCombine={(target) => setItems(setCombine(form.getValues().items, item.key, target))}
            onFreightClass={(v) => onFreightClass(index, v)}
            onPickProduct={(p) => onPickProduct(index, p)}
            onPickPart={(part) => onPickPart(index, part)}
            partClass={partOf(item)?.freightClass ?? null}
            onRemove={items.length > 1 ? () => setItems(removeLine(form.getValues().items, item.key)) : null}
          />
        );
      })}
      <Group>
        <Button variant="light" onClick={() => setItems([...form.getValues().items, emptyItem()])} disabled={items.length >= MAX_ITEMS}>
          {t('quotes.form.items.add')}
        </Button>
      </Group>
    </Stack>
  );
}
