import { type CartaPorteVersionView, documentFileName, type ShipmentView } from '@freight/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import { useFileDownload } from '../csv/useFileDownload';
import { documentUrlOf, shipmentKey } from './api';
import { Fact } from './PlaceBlock';

/**
 * A Carta Porte stamped more than once (a new pedimento, a corrected declaration): the version the
 * truck carries now, by its fiscal folio (UUID), and each earlier one as kept, XML and printed copy
 * (the SAT still knows a replaced CFDI by its UUID). Nothing while there is one stamp or none.
 */
export function CartaPorteVersions({ shipment: s }: { shipment: Pick<ShipmentView, 'id' | 'bol_number' | 'documents'> }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const { download, downloading } = useFileDownload();
  const xml = documentUrlOf(s, 'carta_porte');
  const pdf = documentUrlOf(s, 'carta_porte_pdf');
  const versions = useQuery({
    queryKey: [...shipmentKey(s.id), 'carta-porte-versions'],
    queryFn: () =>
      api.get<{ data: CartaPorteVersionView[] }>(xml.replace(/\/documents\/carta_porte$/, '/carta-porte-versions')).then((r) => r.data),
  });
  const [current, ...earlier] = versions.data ?? [];
  if (!current || earlier.length === 0) return null;
  const button = (kind: 'carta_porte' | 'carta_porte_pdf', version: number) => {
    const path = `${kind === 'carta_porte' ? xml : pdf}?version=${version}${kind === 'carta_porte_pdf' ? `&language=${i18n.language.slice(0, 2)}` : ''}`;
    const name = t(`shipment.carta_porte.${kind === 'carta_porte' ? 'xml' : 'pdf'}`);
    return (
      <Button
        size="compact-sm"
        variant="subtle"
        loading={downloading === path}
        aria-label={t('shipment.carta_porte.download', { n: version, document: name })}
        onClick={() => void download(path, { fileName: documentFileName(kind, `${s.bol_number}-v${version}`) })}
      >
        {name}
      </Button>
    );
  };
  return (
    <Fact label={t('shipment.carta_porte.label')} testId="shipment-carta-porte-versions">
      <Stack gap={4}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('shipment.carta_porte.current', { n: current.version, uuid: current.uuid, time: fmt.dateTime(current.stamped_at) })}
        </Text>
        {earlier.map((v) => (
          <Group key={v.version} gap="xs" wrap="wrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('shipment.carta_porte.earlier', { n: v.version, uuid: v.uuid })}
            </Text>
            {button('carta_porte', v.version)}
            {button('carta_porte_pdf', v.version)}
          </Group>
        ))}
      </Stack>
    </Fact>
  );
}
