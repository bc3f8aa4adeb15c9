import type { CustomsView, ShipmentItemView, ShipmentView } from '@freight/contracts';
import type { Country } from '@freight/domain';
import { printedHsCode } from '@freight/domain/customs';
import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { localeOf } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { useFormat } from '../../lib/useFormat';
import { Section } from '../Section';
import { shipmentKey } from './api';
import { CartaPorteVersions } from './CartaPorteVersions';
import { CustomsEntryDialog } from './CustomsEntryDialog';
import { DeclarationVersions } from './DeclarationVersions';
import { DutyEstimate } from './DutyEstimate';
import { localDate, major } from './format';
import { Fact } from './PlaceBlock';

/**
 * A cross-border shipment's customs declaration as booked: the incoterm, the customs agent on each
 * side (ours, or the shipper's own with its contact), the Mexican party's RFC and each item's HS
 * code, origin, value and USMCA claim; where customs have it now, and the entered country's
 * reference, which those who book record when their broker gives it; and the duties and taxes it
 * would likely pay, as estimated while booking.
 */
export function CustomsSummary({
  shipment: s,
}: {
  shipment: Pick<
    ShipmentView,
    | 'id'
    | 'bol_number'
    | 'mode'
    | 'items'
    | 'pickup'
    | 'delivery'
    | 'customs_stage'
    | 'customs_entry_number'
    | 'customs_version'
    | 'documents'
  > & {
    customs: CustomsView;
  };
}) {
  const { customs, items } = s;
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  // A line without a description is known by its package type, as on the quote.
  const itemName = (item: ShipmentItemView | undefined) =>
    item?.description ||
    (item ? t(`shipment.package_types.${item.package_type}`, { defaultValue: item.package_type }) : t('shipment.items.no_description'));
  const country = (code: string) => new Intl.DisplayNames(localeOf(i18n.language), { type: 'region' }).of(code) ?? code;
  return (
    <Section title={t('shipment.customs.title')} testId="shipment-customs">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mb="sm">
        <Fact label={t('shipment.customs.incoterm')}>{customs.incoterm}</Fact>
        {customs.brokers.map((b) => (
          <Fact key={b.country} label={t(`shipment.customs.agent.${b.country}`)} testId={`shipment-customs-agent-${b.country}`}>
            {b.ours ? (
              t('shipment.customs.agent_ours')
            ) : (
              <Stack gap={0}>
                <span>{b.company}</span>
                {b.contact_name && <span>{b.contact_name}</span>}
                <span>{b.phone}</span>
                <span>{b.email}</span>
              </Stack>
            )}
          </Fact>
        ))}
        {customs.certification && (
          <Fact label={t('shipment.customs.certification')} testId="shipment-customs-certification">
            <Stack gap={0}>
              <span>
                {t('shipment.customs.certified_by', {
                  name: customs.certification.name || customs.certification.company,
                  role: t(`shipment.customs.certifier_roles.${customs.certification.certifier_role}`),
                })}
              </span>
              <span>
                {customs.certification.blanket_from && customs.certification.blanket_to
                  ? t('shipment.customs.blanket', {
                      from: fmt.date(localDate(customs.certification.blanket_from)),
                      to: fmt.date(localDate(customs.certification.blanket_to)),
                    })
                  : t('shipment.customs.single')}
              </span>
            </Stack>
          </Fact>
        )}
        {customs.tax_id && (
          <Fact label={t('shipment.customs.tax_id')} testId="shipment-customs-rfc">
            {customs.tax_id}
          </Fact>
        )}
      </SimpleGrid>
      <CustomsProgress shipment={s} />
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} fz="sm" striped aria-label={t('shipment.customs.caption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('shipment.items.description')}</Table.Th>
              <Table.Th>{t('shipment.customs.hs_code')}</Table.Th>
              <Table.Th>{t('shipment.customs.origin')}</Table.Th>
              <Table.Th ta="right">{t('shipment.customs.unit_value')}</Table.Th>
              <Table.Th>{t('shipment.customs.usmca')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {customs.items.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a declaration's lines are the items', in their order
              <Table.Tr key={i}>
                <Table.Td>{itemName(items[i])}</Table.Td>
                <Table.Td>{printedHsCode(line.hs_code)}</Table.Td>
                <Table.Td>{country(line.origin_country)}</Table.Td>
                <Table.Td ta="right">{fmt.money(major(line.unit_value_cents), customs.currency)}</Table.Td>
                <Table.Td>
                  {line.usmca && line.origin_criterion
                    ? t('shipment.customs.usmca_yes', { criterion: line.origin_criterion })
                    : t(line.usmca ? 'shipment.items.yes' : 'shipment.items.no')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        {t('shipment.customs.note')}
      </Text>
      <Stack mt="sm">
        <DutyEstimate
          request={{
            origin_country: s.pickup.country as Country,
            destination_country: s.delivery.country as Country,
            destination_state: s.delivery.state,
            mode: s.mode,
            incoterm: customs.incoterm,
            currency: customs.currency,
            items: customs.items.map((line, i) => ({ ...line, quantity: Math.max(1, items[i]?.quantity ?? 1) })),
          }}
        />
      </Stack>
    </Section>
  );
}

/** Where customs have it now and since when, and the entry reference with the way to record it. */
function CustomsProgress({ shipment: s }: { shipment: Parameters<typeof CustomsSummary>[0]['shipment'] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const mayBook = useCan('shipments.book');
  const [recording, setRecording] = useState(false);
  const stage = s.customs_stage;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mb="sm">
      {stage && (
        <Fact label={t('shipment.customs.stage_label')} testId="shipment-customs-stage">
          {`${t(`shipment.customs.stages.${stage.stage}`)}, ${t('shipment.customs.since', { time: fmt.dateTime(stage.since) })}`}
        </Fact>
      )}
      <Fact label={t('shipment.customs.entry_label')} testId="shipment-customs-entry">
        <Group gap="xs" wrap="wrap">
          <span style={{ whiteSpace: 'pre' }}>{s.customs_entry_number ?? t('shipment.customs.none')}</span>
          {mayBook && stage && (
            <Button size="compact-sm" variant="subtle" onClick={() => setRecording(true)}>
              {t(s.customs_entry_number ? 'shipment.customs_entry.change' : 'shipment.customs_entry.open')}
            </Button>
          )}
        </Group>
      </Fact>
      {s.customs_version > 1 && <DeclarationVersions shipment={s} />}
      {s.documents.some((d) => d.kind === 'carta_porte') && <CartaPorteVersions shipment={s} />}
      {recording && (
        <CustomsEntryDialog
          bolNumber={s.bol_number}
          country={s.delivery.country as Country}
          current={s.customs_entry_number}
          save={(body) => api.put(`/api/shipments/${encodeURIComponent(s.id)}/customs-entry`, body)}
          onClose={() => setRecording(false)}
          onSaved={() => client.invalidateQueries({ queryKey: shipmentKey(s.id) })}
        />
      )}
    </SimpleGrid>
  );
}
