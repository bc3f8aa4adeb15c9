import type { CustomsView, ShipmentItemView } from '@freight/contracts';
import { printedHsCode } from '@freight/domain/customs';
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../lib/format';
import { useFormat } from '../../lib/useFormat';
import { Section } from '../Section';
import { major } from './format';
import { Fact } from './PlaceBlock';

/**
 * A cross-border shipment's customs declaration as booked: the incoterm, the customs agent on each
 * side (ours, or the shipper's own with its contact), the Mexican party's RFC and each item's HS
 * code, origin, value and USMCA claim.
 */
export function CustomsSummary({ customs, items }: { customs: CustomsView; items: ShipmentItemView[] }) {
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
        {customs.tax_id && (
          <Fact label={t('shipment.customs.tax_id')} testId="shipment-customs-rfc">
            {customs.tax_id}
          </Fact>
        )}
      </SimpleGrid>
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
                <Table.Td>{t(line.usmca ? 'shipment.items.yes' : 'shipment.items.no')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        {t('shipment.customs.note')}
      </Text>
    </Section>
  );
}
