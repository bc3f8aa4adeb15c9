import { Table, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { SortDir } from './useListParams';

/**
 * A column header that sorts the list when clicked, telling assistive tech the current order via
 * `aria-sort`. Every list marks its columns alike: ▲ or ▼ on the active one, a faint ▲ on the
 * others (hidden from screen readers, which hear `aria-sort`).
 */
export function SortableTh({
  label,
  title,
  active,
  dir,
  onSort,
  ta,
  style,
}: {
  label: string;
  title: string;
  active: boolean;
  dir: SortDir | undefined;
  onSort: () => void;
  ta?: 'right';
  style?: CSSProperties;
}) {
  return (
    <Table.Th aria-sort={active ? (dir === 'desc' ? 'descending' : 'ascending') : 'none'} ta={ta}>
      <UnstyledButton onClick={onSort} title={title} fw={700} fz="sm" style={style}>
        {label}
        <span aria-hidden style={{ marginLeft: 4, opacity: active ? 1 : 0.35 }}>
          {active && dir === 'desc' ? '▼' : '▲'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
