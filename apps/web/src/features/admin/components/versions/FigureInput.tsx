import { NumberInput } from '@mantine/core';
import type { FigureForm } from './figureForm';

/** How a stored figure is shown: cents as dollars, basis points as percent, or as it is. */
export type Unit = 'dollars' | 'percent' | 'plain';
const SCALE: Record<Unit, number> = { dollars: 100, percent: 100, plain: 1 };

interface Props {
  form: FigureForm;
  /** Dotted path of the figure in the form values, e.g. 'tariff.discount_bp' (also the server's error key). */
  path: string;
  unit: Unit;
  label?: string;
  /** Accessible name when the label is a table's column head. */
  ariaLabel?: string;
  /** What an emptied field stores: null (a service not offered) or nothing (an optional limit). */
  empty?: 'null' | 'absent';
  decimals?: number;
  w?: number | string;
}

/**
 * One figure of a tariff or a pricing program: the engines keep cents and basis points, staff read
 * and type dollars and percent. The value goes back to the form in the engine's unit, rounded to whole units
 * where the engine wants integers.
 */
export function FigureInput({ form, path, unit, label, ariaLabel, empty, decimals, w }: Props) {
  const props = form.getInputProps(path);
  const stored = props.value as number | null | undefined;
  const scale = SCALE[unit];
  const shown = stored === null || stored === undefined ? '' : stored / scale;
  return (
    <NumberInput
      label={label}
      aria-label={ariaLabel}
      size="xs"
      w={w}
      hideControls
      decimalScale={decimals ?? (unit === 'plain' ? 3 : 2)}
      prefix={unit === 'dollars' ? '$' : undefined}
      suffix={unit === 'percent' ? '%' : undefined}
      thousandSeparator=","
      value={shown}
      error={props.error}
      onChange={(v) => {
        if (v === '' || v === undefined) return form.setFieldValue(path, empty === 'null' ? null : undefined);
        const n = typeof v === 'number' ? v : Number(v);
        form.setFieldValue(path, unit === 'plain' ? n : Math.round(n * scale));
      }}
    />
  );
}
