import type { ProofOfDeliveryView } from '@freight/contracts';
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api';
import { useFormat } from '../../lib/useFormat';
import { useFileDownload } from '../csv/useFileDownload';
import { ErrorAlert } from '../ErrorAlert';

/** The receipt's URL under the shipper's pages or the staff door. */
const podPath = (shipmentId: string, staff: boolean) =>
  `${staff ? '/api/admin/shipments' : '/api/shipments'}/${encodeURIComponent(shipmentId)}/proof-of-delivery`;

/** The receipt of a shipment, or undefined while there is none (404) or it is loading. */
function useReceipt(shipmentId: string, staff: boolean, enabled = true) {
  return useQuery({
    queryKey: ['proof-of-delivery', staff ? 'staff' : 'shipper', shipmentId],
    queryFn: ({ signal }) => api.get<{ data: ProofOfDeliveryView }>(podPath(shipmentId, staff), { signal }).then((r) => r.data),
    retry: (count, error) => !(isApiError(error) && [403, 404].includes(error.status)) && count < 2,
    enabled,
  });
}

/**
 * An invoice's document beside its own PDF: the invoiced shipment's receipt, as a PDF in the
 * reader's language; nothing when the shipment has none or the reader may not see shipments.
 */
export function ProofOfDeliveryDownload({ shipmentId }: { shipmentId: string | null }) {
  const { t, i18n } = useTranslation();
  const { download, downloading } = useFileDownload();
  const receipt = useReceipt(shipmentId ?? '', false, Boolean(shipmentId));
  if (!receipt.data) return null;
  const pdf = receipt.data.pdf_url;
  return (
    <Button
      variant="default"
      loading={downloading === pdf}
      disabled={downloading !== null && downloading !== pdf}
      onClick={() => void download(pdf, { fileName: 'POD.pdf', query: { language: i18n.language === 'es' ? 'es' : 'en' } })}
    >
      {t('pod.download_invoice')}
    </Button>
  );
}

/**
 * A delivered shipment's proof of delivery (docs/proof-of-delivery.md): who signed and when, the
 * exceptions noted (damage, shortage, refused pieces), and the receipt as a PDF in the reader's
 * language; the carrier's own scan beside it when it sent one. Nothing shows while the shipment has
 * no receipt (404). `staff`: read through the staff shipment pages' door.
 */
export function ProofOfDelivery({ shipmentId, staff = false }: { shipmentId: string; staff?: boolean }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const { download, downloading } = useFileDownload();
  const path = podPath(shipmentId, staff);
  const receipt = useReceipt(shipmentId, staff);
  if (receipt.isPending) return null;
  if (receipt.isError) {
    if (isApiError(receipt.error) && receipt.error.status === 404) return null;
    return <ErrorAlert error={receipt.error} />;
  }
  const r = receipt.data;
  const pdf = r.pdf_url;
  const language = i18n.language === 'es' ? 'es' : 'en';
  const scan = `${path}/document`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="proof-of-delivery">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h3" fz="md" id="proof-of-delivery">
            {t('pod.title')}
          </Title>
          <Badge color={r.exceptions.length ? 'orange' : 'green'} variant="light">
            {r.exceptions.length ? t('pod.with_exceptions', { count: r.exceptions.length }) : t('pod.clean')}
          </Badge>
        </Group>
        <Group gap="xl" align="flex-start" wrap="wrap">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('pod.signer')}
            </Text>
            <Text fw={500} data-testid="pod-signer">
              {r.signer_name}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('pod.signed_at')}
            </Text>
            <Text fw={500}>{f.dateTime(r.signed_at)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('pod.source')}
            </Text>
            <Text fw={500}>{t(`pod.sources.${r.source}`)}</Text>
          </Stack>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('pod.exceptions')}
          </Text>
          {r.exceptions.length ? (
            <List size="sm" spacing={2} data-testid="pod-exceptions">
              {r.exceptions.map((e, i) => (
                // The carrier's list has no ids: its order is the receipt's.
                // biome-ignore lint/suspicious/noArrayIndexKey: the receipt's lines never move
                <List.Item key={i}>
                  {t('pod.exception_line', { kind: t(`pod.kinds.${e.kind}`), count: e.pieces })}
                  {e.note ? ` — ${e.note}` : ''}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {t('pod.no_exceptions')}
            </Text>
          )}
          {r.exceptions.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('pod.claim_hint')}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Button
            variant="light"
            loading={downloading === pdf}
            disabled={downloading !== null && downloading !== pdf}
            onClick={() => void download(pdf, { fileName: 'POD.pdf', query: { language } })}
          >
            {t('pod.download')}
          </Button>
          {r.document_type && (
            <Button
              variant="subtle"
              loading={downloading === scan}
              disabled={downloading !== null && downloading !== scan}
              onClick={() => void download(scan, { fileName: 'POD-carrier' })}
            >
              {t('pod.download_scan')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
