import { Button, Stack, Table } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsTh } from '../../../../components/list/ActionsTh';
import { FigureInput, type Unit } from '../versions/FigureInput';
import { ListError, listErrorProps } from '../versions/ListError';
import type { TariffFormValues } from './tariffForm';

/** One column of a tariff's list: a figure of each row, or `cell` to show something else in a row. */
export interface TariffColumn {
  key: string;
  label: string;
  unit: Unit;
  decimals?: number;
  empty?: 'null' | 'absent';
  cell?: (row: Record<string, unknown>, index: number, rows: Record<string, unknown>[]) => ReactNode | undefined;
}

interface Props {
  form: UseFormReturnType<TariffFormValues>;
  /** The list's path in the form, e.g. 'tariff.distance_bands'. */
  path: string;
  columns: TariffColumn[];
  addLabel: string;
  /** The row Add inserts, and where (the end unless told). */
  added: (rows: Record<string, unknown>[]) => { row: Record<string, unknown>; at?: number };
}

/** A tariff's list of rows (distance bands, overlength tiers, fuel steps): each figure editable, rows removed and added. */
export function TariffRows({ form, path, columns, addLabel, added }: Props) {
  const { t } = useTranslation();
  const errorId = `${useId()}-error`;
  const rows = (path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], form.values) ?? []) as Record<
    string,
    unknown
  >[];
  return (
    <Stack gap="xs">
      <Table withTableBorder striped stickyHeader {...listErrorProps(form, path, errorId)}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key}>{c.label}</Table.Th>
            ))}
            <ActionsTh />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            // Rows have no identity but their place; the table renders again whole on add and remove.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={i}>
              {columns.map((c) => (
                <Table.Td key={c.key}>
                  {c.cell?.(row, i, rows) ?? (
                    <FigureInput
                      form={form}
                      path={`${path}.${i}.${c.key}`}
                      unit={c.unit}
                      decimals={c.decimals}
                      empty={c.empty}
                      ariaLabel={`${c.label} ${i + 1}`}
                      w={120}
                    />
                  )}
                </Table.Td>
              ))}
              <Table.Td>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => form.removeListItem(path, i)}>
                  {t('admin.carriers.fields.remove')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ListError form={form} path={path} id={errorId} />
      <Button
        size="xs"
        variant="light"
        w="fit-content"
        onClick={() => {
          const { row, at } = added(rows);
          form.insertListItem(path, row, at);
        }}
      >
        {addLabel}
      </Button>
    </Stack>
  );
}
