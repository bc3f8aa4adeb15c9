import { Table } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { labelCells } from './cellLabels';
import './ResponsiveTable.css';

/**
 * A list's table: from Mantine's sm breakpoint up a table (scrolling sideways past `minWidth`),
 * below it a stack of cards that each show every cell with its column's name, so a phone reads a
 * row and reaches its actions without scrolling sideways. The column names come from the header
 * (labelCells), written again whenever rows change.
 */
export function ResponsiveTable({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    labelCells(root);
    const observer = new MutationObserver(() => labelCells(root));
    observer.observe(root, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <Table.ScrollContainer ref={ref} minWidth={minWidth} className="responsive-table">
      {children}
    </Table.ScrollContainer>
  );
}
