import { documentFileName, type ShipmentView } from '@freight/contracts';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../csv/useFileDownload';
import { documentUrlOf } from './api';
import { Fact } from './PlaceBlock';

/**
 * A declaration corrected after booking: the version its documents print now, and the commercial
 * invoice (and USMCA certificate, when it has one) of each earlier version (customs may ask what
 * was first declared), in the reader's language.
 */
export function DeclarationVersions({
  shipment: s,
}: {
  shipment: Pick<ShipmentView, 'id' | 'bol_number' | 'customs_version' | 'documents'>;
}) {
  const { t, i18n } = useTranslation();
  const { download, downloading } = useFileDownload();
  const earlier = Array.from({ length: s.customs_version - 1 }, (_, n) => n + 1);
  // The documents printed from the declaration's lines, as the shipment has them.
  const kinds = (['commercial_invoice', 'usmca_certification'] as const).filter((k) => s.documents.some((d) => d.kind === k));
  return (
    <Fact label={t('shipment.customs.version_label')} testId="shipment-customs-version">
      {t('shipment.customs.version', { n: s.customs_version })}
      <Group gap="xs" mt={4}>
        {earlier.flatMap((version) =>
          kinds.map((kind) => {
            const path = `${documentUrlOf(s, kind)}?version=${version}&language=${i18n.language.slice(0, 2)}`;
            return (
              <Button
                key={path}
                size="compact-sm"
                variant="subtle"
                loading={downloading === path}
                onClick={() => void download(path, { fileName: documentFileName(kind, `${s.bol_number}-v${version}`) })}
              >
                {t(`shipment.customs.earlier_${kind}`, { n: version })}
              </Button>
            );
          }),
        )}
      </Group>
    </Fact>
  );
}
