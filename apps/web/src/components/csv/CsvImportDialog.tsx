import { CSV_IMPORT_LIMITS, type CsvImportReport } from '@freight/contracts';
import { Alert, Anchor, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUpload, isApiError } from '../../lib/api';
import { translateMessage } from '../../lib/forms';
import { useFormat } from '../../lib/useFormat';
import { announce } from '../a11y/announcer';
import { ErrorAlert } from '../ErrorAlert';
import { CsvFileInput } from './CsvFileInput';
import { ReportView } from './CsvImportReport';
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
        <CsvFileInput label={t('csv_import.file')} error={fileError} onChange={choose} />
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
