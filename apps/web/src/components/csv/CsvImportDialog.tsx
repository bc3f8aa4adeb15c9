import { CSV_IMPORT_LIMITS, type CsvImportReport } from '@freight/contracts';
import { Alert, Anchor, Button, Group, Input, List, Modal, Progress, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUpload, isApiError } from '../../lib/api';
import { translateMessage } from '../../lib/forms';
import { useFormat } from '../../lib/useFormat';
import { announce } from '../a11y/announcer';
import { ErrorAlert } from '../ErrorAlert';
import { useFileDownload } from './useFileDownload';

export interface CsvImportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Modal title, e.g. 'Upload addresses (CSV)'. */
  title: string;
  /** POST endpoint taking the file as `text/csv` and answering a CsvImportReport, e.g. '/api/addresses/import'. */
  importPath: string;
  /** GET endpoint of the template file, e.g. '/api/addresses/template.csv'. */
  templatePath: string;
  /** Name the template is saved under, e.g. 'address-book-template.csv'. */
  templateFileName: string;
  /** Where the records live, as a phrase for 'already in …': 'your address book' / 'su libreta de direcciones'. */
  savedIn: string;
  /** The file's columns in order (the contract's *_CSV_COLUMNS), listed for the user. */
  columns?: readonly string[];
  /** Extra words under the rules. */
  intro?: ReactNode;
  /** After an import wrote rows (refresh the list here). */
  onImported?: (report: CsvImportReport) => void;
  /**
   * An import the server makes in one go, with no check first (carrier invoices: the rows refused
   * and what became of each invoice come back at once): 'Upload' sends the file, `report` shows the
   * server's answer in place of the counts and `announce` says it.
   */
  oneStep?: OneStepImport;
}

export interface OneStepImport<A = never> {
  report: (answer: A) => ReactNode;
  announce: (answer: A) => string;
  onUploaded?: (answer: A) => void;
}

type Phase =
  | { step: 'choose' }
  | { step: 'sending'; importing: boolean; percent: number; uploaded: boolean }
  | { step: 'report'; report: CsvImportReport }
  | { step: 'done'; report: CsvImportReport }
  | { step: 'uploaded'; answer: never };

/** At most this many bad rows and duplicates are listed (the counts give the rest); an import's own report lists alike. */
export const LISTED = 200;

/** Megabytes, rounded up (a file just over the limit must not read as the limit). */
const megabytes = (bytes: number, fmt: ReturnType<typeof useFormat>) => {
  const digits = bytes < 1024 * 1024 ? 2 : 1;
  return `${fmt.number(Math.ceil((bytes / (1024 * 1024)) * 10 ** digits) / 10 ** digits, { maximumFractionDigits: digits })} MB`;
};

/**
 * Upload a CSV file in two steps (address book, product catalog, …): the rules (no commas inside
 * unquoted fields, the template, no duplicates, the limits), a file refused before upload when it
 * is over CSV_IMPORT_LIMITS.max_bytes, a check (`?dry_run=1`) with a progress bar (upload, then
 * 'checking'), the report (counts, bad rows with line and reason, likely duplicates of the saved
 * records or of an earlier line), then 'Import N rows' or 'Cancel', and the import's result.
 * Over-limit answers (413, 422) and other failures are said plainly. Texts are in the `csv_import`
 * catalog; the caller gives the title and the 'already in …' phrase.
 *
 * ```tsx
 * <CsvImportDialog opened={open} onClose={close} title={t('products.csv.title')}
 *   importPath="/api/products/import" templatePath="/api/products/template.csv"
 *   templateFileName="product-catalog-template.csv" savedIn={t('products.csv.saved_in')}
 *   columns={PRODUCT_CSV_COLUMNS} onImported={() => queryClient.invalidateQueries({ queryKey: ['products'] })} />
 * ```
 */
export function CsvImportDialog(props: CsvImportDialogProps) {
  const { opened, onClose, title } = props;
  // The body unmounts when the modal closes: each opening starts afresh.
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      <CsvImportBody {...props} />
    </Modal>
  );
}

function CsvImportBody({
  onClose,
  importPath,
  templatePath,
  templateFileName,
  savedIn,
  columns,
  intro,
  onImported,
  oneStep,
}: CsvImportDialogProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const inputId = useId();
  const { download, downloading } = useFileDownload();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const limit = megabytes(CSV_IMPORT_LIMITS.max_bytes, fmt);

  const choose = (f: File | null) => {
    setError(null);
    setPhase({ step: 'choose' });
    setFile(null);
    setFileError(null);
    if (!f) return;
    if (f.size > CSV_IMPORT_LIMITS.max_bytes) {
      setFileError(t('csv_import.too_large', { size: megabytes(f.size, fmt), limit }));
      return;
    }
    if (!/\.csv$/i.test(f.name) && !/csv|text\/plain|excel/i.test(f.type)) {
      setFileError(t('csv_import.not_csv'));
      return;
    }
    setFile(f);
  };

  const send = async (importing: boolean) => {
    if (!file) return;
    setError(null);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ step: 'sending', importing: importing || !!oneStep, percent: 0, uploaded: false });
    try {
      const report = await apiUpload<CsvImportReport>(importPath, {
        body: file,
        contentType: 'text/csv',
        query: importing || oneStep ? undefined : { dry_run: 1 },
        signal: controller.signal,
        onUploadProgress: (loaded, total) =>
          setPhase((p) =>
            p.step === 'sending' && !p.uploaded
              ? { ...p, percent: total ? Math.min(100, Math.round((loaded / total) * 100)) : p.percent }
              : p,
          ),
        onUploaded: () => setPhase((p) => (p.step === 'sending' ? { ...p, percent: 100, uploaded: true } : p)),
      });
      if (controller.signal.aborted) return;
      if (oneStep) {
        const answer = report as never;
        setPhase({ step: 'uploaded', answer });
        announce(oneStep.announce(answer));
        oneStep.onUploaded?.(answer);
      } else if (importing) {
        setPhase({ step: 'done', report });
        announce(t('csv_import.done', { count: report.imported, n: fmt.number(report.imported) }));
        if (report.imported > 0) onImported?.(report);
      } else setPhase({ step: 'report', report });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setError(e);
      setPhase({ step: 'choose' });
    }
  };

  const sending = phase.step === 'sending' ? phase : null;
  const report = phase.step === 'report' || phase.step === 'done' ? phase.report : null;

  return (
    <Stack gap="md">
      {phase.step !== 'done' && phase.step !== 'uploaded' && (
        <Alert variant="light" color="blue" title={t('csv_import.rules_title')} role="note">
          <List size="sm" spacing={4}>
            <List.Item>{t('csv_import.rule_commas')}</List.Item>
            <List.Item>
              {t('csv_import.rule_template')}{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => void download(templatePath, { fileName: templateFileName })}
                disabled={downloading === templatePath}
              >
                {t('csv_import.template')}
              </Anchor>
            </List.Item>
            <List.Item>{t('csv_import.rule_duplicates', { savedIn })}</List.Item>
            <List.Item>{t('csv_import.rule_limits', { size: limit, rows: fmt.number(CSV_IMPORT_LIMITS.max_rows) })}</List.Item>
          </List>
          {columns && columns.length > 0 && (
            <Text size="xs" mt="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              {t('csv_import.columns', { columns: columns.join(', ') })}
            </Text>
          )}
          {intro}
        </Alert>
      )}

      {(phase.step === 'choose' || phase.step === 'report') && (
        <Input.Wrapper id={inputId} label={t('csv_import.file')} error={fileError}>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={!!fileError}
            style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
            onChange={(e) => {
              choose(e.currentTarget.files?.[0] ?? null);
            }}
          />
        </Input.Wrapper>
      )}

      {error ? <UploadError error={error} limit={limit} /> : null}

      {sending && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">
            {sending.uploaded
              ? t(sending.importing ? 'csv_import.importing' : 'csv_import.checking')
              : t('csv_import.uploading', { percent: fmt.number(sending.percent) })}
          </Text>
          <Progress
            value={sending.uploaded ? 100 : sending.percent}
            animated={sending.uploaded}
            striped={sending.uploaded}
            aria-label={t('csv_import.progress')}
            transitionDuration={150}
          />
        </Stack>
      )}

      {report && <ReportView report={report} done={phase.step === 'done'} savedIn={savedIn} />}
      {phase.step === 'uploaded' && oneStep?.report(phase.answer)}

      <Group justify="flex-end">
        {phase.step === 'done' || phase.step === 'uploaded' ? (
          <Button onClick={onClose}>{t('csv_import.close')}</Button>
        ) : (
          <>
            <Button variant="default" onClick={onClose}>
              {t('csv_import.cancel')}
            </Button>
            {phase.step === 'report' ? (
              <Button onClick={() => void send(true)} disabled={phase.report.rows_valid === 0}>
                {t('csv_import.import', { count: phase.report.rows_valid, n: fmt.number(phase.report.rows_valid) })}
              </Button>
            ) : (
              <Button onClick={() => void send(false)} disabled={!file} loading={!!sending}>
                {t(oneStep ? 'csv_import.upload' : 'csv_import.check')}
              </Button>
            )}
          </>
        )}
      </Group>
    </Stack>
  );
}

function UploadError({ error, limit }: { error: unknown; limit: string }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.status === 413) {
    return (
      <Alert color="red" role="alert">
        {t('csv_import.too_large_server', { limit })}
      </Alert>
    );
  }
  if (isApiError(error) && error.status === 422) {
    const messages = [...new Set(Object.values(error.errors).flat())].map((m) => translateMessage(t, m)).filter((m) => m !== error.message);
    return (
      <Alert color="red" role="alert">
        {error.message}
        {messages.length > 0 && (
          <List size="sm" mt="xs">
            {messages.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        )}
      </Alert>
    );
  }
  return <ErrorAlert error={error} />;
}

function ReportView({ report, done, savedIn }: { report: CsvImportReport; done: boolean; savedIn: string }) {
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
          <Title order={4}>{t('csv_import.report_title')}</Title>
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
