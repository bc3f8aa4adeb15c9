import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { downloadFile, isDownloadBlocked } from '../../lib/download';

/**
 * `download(path, {fileName, query})` for export and template buttons: saves the file, or says
 * why not in a red notification ('Browser denied file download...' when the browser refuses,
 * the server's message when the call fails). `downloading` is the path being fetched, if any.
 */
export function useFileDownload() {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = useCallback(
    async (path: string, opts: Parameters<typeof downloadFile>[1]): Promise<boolean> => {
      setDownloading(path);
      try {
        await downloadFile(path, opts);
        return true;
      } catch (e) {
        let message = t('csv_import.download_failed');
        if (isDownloadBlocked(e)) message = t('csv_import.download_blocked');
        else if (isApiError(e))
          message = e.status === 0 ? t('common.network_error') : e.status >= 500 ? t('csv_import.download_failed') : e.message;
        notifications.show({ color: 'red', message });
        return false;
      } finally {
        setDownloading(null);
      }
    },
    [t],
  );
  return { download, downloading };
}
