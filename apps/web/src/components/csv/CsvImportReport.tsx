import type { CsvImportReport } from '@freight/contracts';
import { Alert, List, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/forms';
import { useFormat } from '../../lib/useFormat';

/** At most this many bad rows and duplicates are listed (the counts give the rest); an import's own report lists alike. */
export const LISTED = 200;

/** What an import found (before it is confirmed) or did (after): counts, refused rows, duplicates. */
export function ReportView({ report, done, savedIn }: { report: CsvImportReport; done: boolean; savedIn: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const n = (count: number) => ({ count, n: fmt.number(count) });
  const errorLines = new Set(report.errors.map((e) => e.line)).size;
  const skipped = report.rows_total - report.imported;
  return (
    <Stack gap="sm">
      {done ? (
        <Alert color={report.imported > 0 ? 'green' : 'yellow'} role="status">
          <Text fw={600}>{t('csv_import.done', n(report.imported))}</Text>
          {skipped > 0 && <Text size="sm">{t('csv_import.done_skipped', { n: fmt.number(skipped) })}</Text>}
        </Alert>
      ) : (
        <>
          <Title order={3} size="h4">
            {t('csv_import.report_title')}
          </Title>
          <List size="sm" spacing={2} aria-label={t('csv_import.report_title')}>
            <List.Item>{t('csv_import.rows_total', n(report.rows_total))}</List.Item>
            <List.Item>{t('csv_import.rows_valid', n(report.rows_valid))}</List.Item>
            {errorLines > 0 && <List.Item>{t('csv_import.rows_errors', n(errorLines))}</List.Item>}
            {report.duplicates.length > 0 && <List.Item>{t('csv_import.rows_duplicates', n(report.duplicates.length))}</List.Item>}
          </List>
          {report.rows_valid === 0 && (
            <Alert color="yellow" role="status">
              {t('csv_import.nothing_to_import')}
            </Alert>
          )}
        </>
      )}

      <RowErrors errors={report.errors} />

      {report.duplicates.length > 0 && (
        <CappedTable
          title={t('csv_import.duplicates_title')}
          maxHeight={200}
          heads={[t('csv_import.line'), t('csv_import.duplicate_of')]}
          total={report.duplicates.length}
          rows={report.duplicates.slice(0, LISTED).map((d) => (
            <Table.Tr key={`${d.line}-${d.of}`}>
              <Table.Td>{d.line}</Table.Td>
              <Table.Td>
                {d.of === 'file' && d.duplicate_of_line !== null
                  ? t('csv_import.dup_file', { line: d.duplicate_of_line })
                  : t('csv_import.dup_book', { savedIn })}
              </Table.Td>
            </Table.Tr>
          ))}
        />
      )}
    </Stack>
  );
}

/** The rows a file's import refused: each one's line, column and reason (the first LISTED; the count gives the rest). */
export function RowErrors({ errors }: { errors: CsvImportReport['errors'] }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <CappedTable
      title={t('csv_import.errors_title')}
      maxHeight={240}
      heads={[t('csv_import.line'), t('csv_import.column'), t('csv_import.reason')]}
      total={errors.length}
      rows={errors.slice(0, LISTED).map((e) => (
        <Table.Tr key={`${e.line}-${e.field}-${e.message}`}>
          <Table.Td>{e.line}</Table.Td>
          <Table.Td>{e.field ?? '—'}</Table.Td>
          <Table.Td>{translateMessage(t, e.message)}</Table.Td>
        </Table.Tr>
      ))}
    />
  );
}

/** A report's list under its title, scrolling in its own box, with how many rows were left out past LISTED. */
export function CappedTable({
  title,
  maxHeight,
  heads,
  rows,
  total,
}: {
  title: string;
  maxHeight: number;
  heads: string[];
  rows: ReactNode;
  total: number;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <section aria-label={title}>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <ScrollArea.Autosize mah={maxHeight} type="auto">
        <Table striped withTableBorder verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              {heads.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {total > LISTED && (
        <Text size="xs" c="dimmed">
          {t('csv_import.more_rows', { n: fmt.number(total - LISTED) })}
        </Text>
      )}
    </section>
  );
}
