import { documentFileName, type ShipmentView } from '@freight/contracts';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../csv/useFileDownload';
import { documentPath } from './api';
import { Fact } from './PlaceBlock';

/**
 * A declaration corrected after booking: the version its documents print now, and the commercial
 * invoice of each earlier version (customs may ask what was first declared), in the reader's language.
 */
export function DeclarationVersions({ shipment: s }: { shipment: Pick<ShipmentView, 'id' | 'bol_number' | 'customs_version'> }) {
  const { t, i18n } = useTranslation();
  const { download, downloading } = useFileDownload();
  const earlier = Array.from({ length: s.customs_version - 1 }, (_, n) => n + 1);
  return (
    <Fact label={t('shipment.customs.version_label')} testId="shipment-customs-version">
      {t('shipment.customs.version', { n: s.customs_version })}
      <Group gap="xs" mt={4}>
        {earlier.map((version) => {
          const path = `${documentPath(s.id, 'commercial_invoice')}?version=${version}&language=${i18n.language.slice(0, 2)}`;
          return (
            <Button
              key={version}
              size="compact-sm"
              variant="subtle"
              loading={downloading === path}
              onClick={() => void download(path, { fileName: documentFileName('commercial_invoice', `${s.bol_number}-v${version}`) })}
            >
              {t('shipment.customs.earlier_invoice', { n: version })}
            </Button>
          );
        })}
      </Group>
    </Fact>
  );
}
