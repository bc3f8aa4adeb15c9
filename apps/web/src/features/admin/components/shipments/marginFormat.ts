import { useFormat } from '../../../../lib/useFormat';

/** A margin percent (basis points of the price) as staff read it, one decimal; `empty` (a dash) when there is no price. */
export function useMarginPercent(empty = '–') {
  const fmt = useFormat();
  return (bp: number | null | undefined) =>
    bp === null || bp === undefined ? empty : fmt.number(bp / 10_000, { style: 'percent', maximumFractionDigits: 1 });
}
