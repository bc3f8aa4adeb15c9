import { Table, UnstyledButton } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { SortDir } from './useListParams';

/**
 * A column header that sorts the list when clicked, telling assistive tech the current order via
 * `aria-sort`. Each screen draws its own arrow (`children`), which its tests and users know.
 */
export function SortableTh({
  label,
  title,
  active,
  dir,
  onSort,
  ta,
  style,
  children,
}: {
  label: string;
  title: string;
  active: boolean;
  dir: SortDir | undefined;
  onSort: () => void;
  ta?: 'right';
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <Table.Th aria-sort={active ? (dir === 'desc' ? 'descending' : 'ascending') : 'none'} ta={ta}>
      <UnstyledButton onClick={onSort} title={title} fw={700} fz="sm" style={style}>
        {label}
        {children}
      </UnstyledButton>
    </Table.Th>
  );
}
