import { type DocumentKind, documentFileName, type ShipmentView } from '@freight/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../csv/useFileDownload';
import { documentPath } from './api';

/** A document's URL when it is one of this API's paths, else the documented path. */
function pathOf(shipmentId: string, doc: { kind: DocumentKind; url: string }) {
  return doc.url?.startsWith('/api/') ? doc.url : documentPath(shipmentId, doc.kind);
}

/**
 * The shipment's documents (bill of lading, labels, pallet labels, rate confirmation) as download
 * buttons, each in the carrier's language, with the reader's copy beside it when the languages
 * differ. A refused download or a failed call is said in a notification ('Browser denied file
 * download...'), by the same hook as the address book export.
 */
export function DocumentDownloads({ shipment }: { shipment: Pick<ShipmentView, 'id' | 'bol_number' | 'documents'> }) {
  const { t } = useTranslation();
  const { download, downloading } = useFileDownload();
  if (shipment.documents.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('shipment.documents.none')}
      </Text>
    );
  }
  const button = (kind: DocumentKind, path: string, label: string, name: string, copy: boolean) => (
    <Button
      key={path}
      variant={copy ? 'subtle' : 'light'}
      size={copy ? 'compact-sm' : 'sm'}
      loading={downloading === path}
      disabled={downloading !== null && downloading !== path}
      aria-label={t('shipment.documents.download', { document: name })}
      onClick={() => void download(path, { fileName: documentFileName(kind, shipment.bol_number) })}
    >
      {label}
    </Button>
  );
  return (
    <Group gap="sm" align="flex-start">
      {shipment.documents.map((doc) => {
        const name = t(`shipment.documents.${doc.kind}`);
        const copy = doc.copy;
        return (
          <Stack key={doc.kind} gap={2} align="center">
            {button(doc.kind, pathOf(shipment.id, doc), name, name, false)}
            {copy &&
              button(
                doc.kind,
                copy.url,
                t(`shipment.documents.copy_${copy.language}`),
                `${name} – ${t(`shipment.documents.copy_${copy.language}`)}`,
                true,
              )}
          </Stack>
        );
      })}
    </Group>
  );
}
