import { Table } from '@mantine/core';
import { ActionsTh } from './ActionsTh';
import { SortableTh } from './SortableTh';
import type { SortDir } from './useListParams';

export interface SortColumn<S extends string> {
  key: string;
  /** Empty for the column of row buttons: it shows nothing and screen readers read "Actions". */
  label: string;
  /** The server's sort of this column; none: a plain header. */
  sort?: S;
  ta?: 'right';
}

/**
 * A list's header cells: sortable ones (clicking sorts; SortableTh marks the order) and plain ones,
 * which may wrap.
 */
export function SortColumns<S extends string>({
  columns,
  sort,
  dir,
  onSort,
  sortTitle,
}: {
  columns: SortColumn<S>[];
  sort: S;
  dir: SortDir;
  onSort: (column: S) => void;
  sortTitle: (label: string) => string;
}) {
  return columns.map((c) => {
    if (!c.label) return <ActionsTh key={c.key} />;
    if (!c.sort)
      return (
        <Table.Th key={c.key} ta={c.ta}>
          {c.label}
        </Table.Th>
      );
    const column = c.sort;
    const active = sort === column;
    return (
      <SortableTh
        key={c.key}
        label={c.label}
        title={sortTitle(c.label)}
        active={active}
        dir={active ? dir : undefined}
        onSort={() => onSort(column)}
        ta={c.ta}
        style={{ whiteSpace: 'nowrap' }}
      />
    );
  });
}
