import {
  BATCH_BOOKING_COLUMNS,
  BATCH_MAX_ROWS,
  BATCH_RATING_COLUMNS,
  BATCH_RULES,
  type BatchRule,
  CSV_IMPORT_LIMITS,
} from '@freight/contracts';
import { Alert, Anchor, Button, Group, NumberInput, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { announce } from '../../../components/a11y/announcer';
import { CsvFileInput } from '../../../components/csv/CsvFileInput';
import { RowErrors } from '../../../components/csv/CsvImportReport';
import { useFileDownload } from '../../../components/csv/useFileDownload';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { isApiError } from '../../../lib/api';
import { translateMessage } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { BATCHES_KEY, type RuleChoice, TEMPLATE_PATH, uploadBatch } from '../api/batchesApi';
import { RuleSelect } from './RuleSelect';

type FieldErrors = Partial<Record<'file' | 'preferred_carrier' | 'max_transit_days', string>>;

/** The file's problems a refused upload names (its header), as the import's row errors: all on line 1. */
function fileProblems(error: unknown): { line: number; field: string | null; message: string }[] {
  if (!isApiError(error) || error.status !== 422 || !Array.isArray(error.body.file_errors)) return [];
  return (error.body.file_errors as { field: string | null; message: string }[]).map((e) => ({ line: 1, ...e }));
}

/**
 * The upload of a batch file: the template, the file, the rule choosing each row's rate (with the
 * preferred carrier or the transit limit it needs), a progress bar while it goes up, then the
 * batch's page, where each row's problems are listed. A refused file says why here.
 */
export function UploadForm() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { download, downloading } = useFileDownload();
  const [file, setFile] = useState<File | null>(null);
  const [rule, setRule] = useState<BatchRule>('cheapest');
  const [carrier, setCarrier] = useState('');
  const [days, setDays] = useState<number | string>('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const check = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!file) found.file = t('batches.upload.file_required');
    else if (file.size > CSV_IMPORT_LIMITS.max_bytes) found.file = t('batches.upload.too_large', { limit: limitOf(fmt) });
    if (rule === 'preferred_carrier' && !carrier.trim()) found.preferred_carrier = t('batches.upload.carrier_required');
    const n = typeof days === 'number' ? days : Number.NaN;
    if (rule === 'cheapest_within_transit' && !(Number.isInteger(n) && n >= 1 && n <= 60))
      found.max_transit_days = t('batches.upload.days_range');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length || !file) return;
    const choice: RuleChoice = { rule };
    if (rule === 'preferred_carrier') choice.preferred_carrier = carrier.trim();
    if (rule === 'cheapest_within_transit') choice.max_transit_days = Number(days);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    try {
      const batch = await uploadBatch(file, choice, { signal: controller.signal, onProgress: setPercent });
      void queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
      const invalid = batch.rows_total - batch.rows_valid;
      announce(t('batches.upload.done', { count: batch.rows_total, n: fmt.number(batch.rows_total), invalid: fmt.number(invalid) }));
      navigate(paths.batch(batch.id));
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setPercent(null);
      const server = isApiError(e) && e.status === 422 ? e.errors : {};
      const fields: FieldErrors = {};
      for (const key of ['preferred_carrier', 'max_transit_days'] as const) {
        const message = server[key]?.[0];
        if (message) fields[key] = translateMessage(t, message);
      }
      setErrors(fields);
      setFailure(e);
    }
  };

  const problems = fileProblems(failure);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('batches.upload.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('batches.upload.intro', { rows: fmt.number(BATCH_MAX_ROWS) })}</Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {t('batches.upload.columns', { columns: BATCH_RATING_COLUMNS.join(', ') })}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {t('batches.upload.booking_columns', { columns: BATCH_BOOKING_COLUMNS.join(', ') })}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {t('batches.upload.optional_columns')}
        </Text>
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {t('batches.upload.item_lines')}
        </Text>
        <Group>
          <Anchor
            component="button"
            type="button"
            onClick={() => void download(TEMPLATE_PATH, { fileName: 'batch-template.csv' })}
            disabled={downloading === TEMPLATE_PATH}
          >
            {t('batches.upload.template')}
          </Anchor>
        </Group>
        <CsvFileInput
          label={t('batches.upload.file')}
          required
          error={errors.file}
          onChange={(picked) => {
            setFile(picked);
            setErrors((x) => ({ ...x, file: undefined }));
            setFailure(null);
          }}
        />
        <RuleSelect rules={BATCH_RULES} value={rule} onChange={setRule} />
        {rule === 'preferred_carrier' && (
          <TextInput
            label={t('batches.upload.preferred_carrier')}
            description={t('batches.upload.preferred_carrier_hint')}
            withAsterisk
            maxLength={64}
            maw={420}
            value={carrier}
            onChange={(e) => setCarrier(e.currentTarget.value)}
            error={errors.preferred_carrier}
          />
        )}
        {rule === 'cheapest_within_transit' && (
          <NumberInput
            label={t('batches.upload.max_transit_days')}
            withAsterisk
            min={1}
            max={60}
            allowDecimal={false}
            allowNegative={false}
            maw={240}
            value={days}
            onChange={setDays}
            error={errors.max_transit_days}
          />
        )}
        {percent !== null && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">
              {percent < 100 ? t('batches.upload.sending', { percent: fmt.number(percent) }) : t('batches.upload.checking')}
            </Text>
            <Progress value={percent} animated={percent >= 100} aria-label={t('batches.upload.progress')} />
          </Stack>
        )}
        {failure !== null && <UploadFailure error={failure} />}
        {problems.length > 0 && <RowErrors errors={problems} />}
        <Group>
          <Button type="submit" loading={percent !== null}>
            {t('batches.upload.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The byte limit of every CSV import, in megabytes. */
const limitOf = (fmt: ReturnType<typeof useFormat>) => `${fmt.number(CSV_IMPORT_LIMITS.max_bytes / (1024 * 1024))} MB`;

function UploadFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (isApiError(error) && error.status === 413)
    return (
      <Alert color="red" role="alert">
        {t('batches.upload.too_large', { limit: limitOf(fmt) })}
      </Alert>
    );
  if (isApiError(error) && error.status === 422) {
    const messages = [...new Set([...(error.errors.file ?? []), ...(error.errors.body ?? [])])].map((m) => translateMessage(t, m));
    return (
      <Alert color="red" role="alert">
        {t('batches.upload.refused')}
        {messages
          .filter((m) => m !== error.message)
          .map((m) => (
            <Text key={m} size="sm" mt={4}>
              {m}
            </Text>
          ))}
      </Alert>
    );
  }
  return <ErrorAlert error={error} />;
}
