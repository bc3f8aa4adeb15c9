import type { DocumentKind, ShipmentView } from '@freight/contracts';
import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../csv/useFileDownload';
import { documentPath } from './api';

/** A document's URL when it is one of this API's paths, else the documented path. */
function pathOf(shipmentId: string, doc: { kind: DocumentKind; url: string }) {
  return doc.url?.startsWith('/api/') ? doc.url : documentPath(shipmentId, doc.kind);
}

/**
 * The shipment's documents (bill of lading, labels, pallet labels) as download buttons. A refused
 * download or a failed call is said in a notification ('Browser denied file download...'), by the
 * same hook as the address book export.
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
  return (
    <Group gap="sm">
      {shipment.documents.map((doc) => {
        const path = pathOf(shipment.id, doc);
        const name = t(`shipment.documents.${doc.kind}`);
        return (
          <Button
            key={doc.kind}
            variant="light"
            loading={downloading === path}
            disabled={downloading !== null && downloading !== path}
            aria-label={t('shipment.documents.download', { document: name })}
            onClick={() => void download(path, { fileName: `${doc.kind}-${shipment.bol_number}.pdf` })}
          >
            {name}
          </Button>
        );
      })}
    </Group>
  );
}
