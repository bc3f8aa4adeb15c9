import { Button, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, type RequestOptions } from '../../lib/api';
import { isDownloadBlocked } from '../../lib/download';
import { useFormat } from '../../lib/useFormat';
import { type ExportFormat, type ExportProgress, streamExport } from './streamDownload';

export interface ExportMenuProps {
  /** The list's export path ('/api/shipments/export'). */
  path: string;
  /** The list's filters and order as its page sends them (no page): the file holds the view on screen. */
  query?: RequestOptions['query'];
  /** The file's name when the server names none ('shipments'). */
  fileName: string;
  /** Names the menu's button for screen readers when a page has more than one ('Export by carrier'). */
  label?: string;
}

const kb = (bytes: number) => bytes / 1024;

/**
 * An 'Export' menu (CSV or Excel) for a list page: the file is fetched as it streams, with its
 * progress shown ('1,200 of 250,000 rows' for a CSV, the bytes received for an XLSX) in a live
 * region, and may be canceled. Keyboard: the button opens the menu (Enter, Space or arrows),
 * arrows move between the formats, Escape closes it.
 */
export function ExportMenu({ path, query, fileName, label }: ExportMenuProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const start = async (format: ExportFormat) => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setProgress(null);
    try {
      await streamExport(path, { format, query, fileName: `${fileName}.${format}`, signal: controller.signal }, setProgress);
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError')) {
        let message = t('export.failed');
        if (isDownloadBlocked(e)) message = t('export.blocked');
        else if (isApiError(e) && e.status > 0 && e.status < 500) message = e.message;
        notifications.show({ color: 'red', message });
      }
    } finally {
      setRunning(false);
      abort.current = null;
    }
  };

  const size = (bytes: number) =>
    bytes < 1024 * 1024
      ? `${fmt.number(kb(bytes), { maximumFractionDigits: 0 })} KB`
      : `${fmt.number(kb(bytes) / 1024, { maximumFractionDigits: 1 })} MB`;
  const words = !progress
    ? t('export.preparing')
    : progress.rows !== null && progress.total !== null
      ? t('export.rows_progress', { done: fmt.number(progress.rows), total: fmt.number(progress.total) })
      : progress.total !== null
        ? t('export.bytes_of_rows', { size: size(progress.bytes), total: fmt.number(progress.total) })
        : t('export.bytes_progress', { size: size(progress.bytes) });
  const share = progress?.rows != null && progress.total ? (progress.rows / progress.total) * 100 : undefined;

  return (
    <Stack gap={4} miw={0}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" loading={running} aria-label={label} data-testid="export-menu">
            {t('export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={t('export.menu_label')}>
          <Menu.Item onClick={() => void start('csv')}>{t('export.csv')}</Menu.Item>
          <Menu.Item onClick={() => void start('xlsx')}>{t('export.xlsx')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <div role="status" aria-live="polite">
        {running && (
          <Group gap="xs" wrap="nowrap" maw={260}>
            <Stack gap={2} style={{ flex: 1 }}>
              <Text size="xs" data-testid="export-progress">
                {words}
              </Text>
              <Progress
                size="sm"
                value={share ?? 100}
                animated={share === undefined}
                striped={share === undefined}
                aria-label={t('export.progress_label')}
              />
            </Stack>
            <Button size="compact-xs" variant="subtle" onClick={() => abort.current?.abort()}>
              {t('export.cancel')}
            </Button>
          </Group>
        )}
      </div>
    </Stack>
  );
}
