import type { ShipmentView } from '@freight/contracts';
import { formatTimeOfDay } from '@freight/domain';
import { Anchor, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/useFormat';
import { Section } from '../Section';
import { StatusBadge } from '../tracking/StatusBadge';
import { CustomsSummary } from './CustomsSummary';
import { DocumentDownloads } from './DocumentDownloads';
import { localDate, major } from './format';
import { Fact, PlaceBlock } from './PlaceBlock';
import { StopsSection } from './StopsSection';
import { humanize, serviceName } from './words';

export { Fact } from './PlaceBlock';

/**
 * A booked shipment in full (spec 'Shipment confirmation'): carrier, reference numbers, charges,
 * documents, dates, pickup and delivery places with their contacts, hazmat details, items and
 * instructions. Shared by the booking confirmation and the tracking detail page.
 */
export function ShipmentSummary({ shipment: s }: { shipment: ShipmentView }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const money = (cents: number) => fmt.money(major(cents), s.currency);
  const time = (v: string) => formatTimeOfDay(v, i18n.language);
  // Whole °F as booked, with °C beside it for readers who think in Celsius.
  const degrees = (f: number) => `${f} °F (${Math.round(((f - 32) * 5) / 9)} °C)`;
  const pending = (
    <Text span size="sm" c="dimmed">
      {t('shipment.refs.pending')}
    </Text>
  );
  const total = s.total_cents;

  return (
    <Stack gap="md" data-testid="shipment-summary">
      <Section title={t('shipment.carrier.title')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Fact label={t('shipment.carrier.carrier')}>
            {s.carrier_name} ({s.scac})
          </Fact>
          <Fact label={t('shipment.carrier.service')}>
            {serviceName(t, s.service, s.service_name)} · {t(`shipment.modes.${s.mode}`)}
          </Fact>
          <Fact label={t('shipment.carrier.transit')}>{t('shipment.carrier.transit_days', { count: s.transit_days })}</Fact>
          {s.crossing && (
            <Fact label={t('shipment.carrier.port')} testId="shipment-crossing">
              {t(`shipment.carrier.crossing.${s.crossing.kind}`, { port: s.crossing.port_name })}
            </Fact>
          )}
          <Fact label={t('shipment.carrier.status')}>
            <StatusBadge status={s.status} actionRequired={s.action_required} />
          </Fact>
        </SimpleGrid>
      </Section>

      <Section title={t('shipment.refs.title')} testId="shipment-refs">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Fact label={t('shipment.refs.bol')} testId="ref-bol">
            {s.bol_number}
          </Fact>
          <Fact label={t('shipment.refs.pro')} testId="ref-pro">
            {s.pro_number || pending}
          </Fact>
          <Fact label={t('shipment.refs.pickup_number')} testId="ref-pickup">
            {s.pickup_number || pending}
          </Fact>
          {(s.tracking_number || s.mode === 'parcel') && (
            <Fact label={t('shipment.refs.tracking_number')} testId="ref-tracking">
              {s.tracking_number || pending}
            </Fact>
          )}
          {s.delivery_confirmation_number && <Fact label={t('shipment.refs.delivery_confirmation')}>{s.delivery_confirmation_number}</Fact>}
          {s.booked_by && (
            <Fact label={t('shipment.refs.booked_by')} testId="ref-booked-by">
              {s.booked_by.name}
            </Fact>
          )}
          {s.approved_by && (
            <Fact label={t('shipment.refs.approved_by')} testId="ref-approved-by">
              {s.approved_by.name}
            </Fact>
          )}
          {s.references.map((r, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a reference's place in the list is its identity (types may repeat)
            <Fact key={n} label={t(`shipment.reference_types.${r.type}`)} testId="ref-reference">
              {r.value}
            </Fact>
          ))}
        </SimpleGrid>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('shipment.charges.title')} testId="shipment-charges">
          <Table.ScrollContainer minWidth={260}>
            <Table verticalSpacing={4} fz="sm" aria-label={t('shipment.charges.caption', { bol: s.bol_number })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('shipment.charges.charge')}</Table.Th>
                  <Table.Th ta="right">{t('shipment.charges.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.charges.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: charge lines have no id and may repeat a code
                  <Table.Tr key={i}>
                    <Table.Td>{c.label}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(c.amount_cents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>{t('shipment.charges.total')}</Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="charges-total">
                    {money(total)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <Stack gap={2} mt="sm">
            <Text size="sm">
              {t('shipment.charges.declared_value')}: {money(s.declared_value_cents)}
            </Text>
            {s.insurance && s.insurance.kind !== 'none' ? (
              <Text size="sm" c="dimmed">
                {t('shipment.charges.insurance_coverage', { coverage: money(s.insurance.coverage_cents) })}
                {s.insurance.deductible_cents > 0 &&
                  ` · ${t('shipment.charges.insurance_deductible', { deductible: money(s.insurance.deductible_cents) })}`}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t('shipment.charges.no_insurance')}
              </Text>
            )}
          </Stack>
        </Section>

        <Stack gap="md">
          <Section title={t('shipment.documents.title')} testId="shipment-documents">
            <DocumentDownloads shipment={s} />
          </Section>
          <Section title={t('shipment.dates.title')}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Fact label={t('shipment.dates.pickup_date')}>{fmt.date(localDate(s.pickup_date))}</Fact>
              {/* A parcel dropped off has no pickup window. */}
              {s.ready_time && (
                <Fact label={t('shipment.dates.pickup_window')}>
                  {t('shipment.dates.pickup_window_value', { ready: time(s.ready_time), close: time(s.close_time) })}
                </Fact>
              )}
              {/* First come or an appointment is freight's question, not a parcel's. */}
              {s.mode !== 'parcel' && (
                <Fact label={t('shipment.dates.delivery')}>
                  {s.delivery_appointment && s.delivery_date
                    ? t('shipment.dates.appointment', { date: fmt.date(localDate(s.delivery_date)) })
                    : t('shipment.dates.first_come')}
                </Fact>
              )}
              {s.temperature && (
                <Fact label={t('shipment.temperature.label')} testId="shipment-temperature">
                  {t('shipment.temperature.range', {
                    low: degrees(s.temperature.low_f),
                    high: degrees(s.temperature.high_f),
                    run: t(`shipment.temperature.runs.${s.temperature.run}`),
                  })}
                </Fact>
              )}
              {s.delivered_at ? (
                <Fact label={t('shipment.dates.delivered')}>{fmt.dateTime(s.delivered_at)}</Fact>
              ) : s.canceled_at ? (
                <Fact label={t('shipment.dates.canceled')}>{fmt.dateTime(s.canceled_at)}</Fact>
              ) : (
                s.estimated_delivery && (
                  <Fact label={t('shipment.dates.estimated_delivery')}>{fmt.date(localDate(s.estimated_delivery))}</Fact>
                )
              )}
            </SimpleGrid>
          </Section>
        </Stack>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PlaceBlock title={t('shipment.places.pickup')} place={s.pickup} />
        <PlaceBlock title={t('shipment.places.delivery')} place={s.delivery} />
      </SimpleGrid>

      {s.stops.length > 0 && <StopsSection stops={s.stops} />}

      {s.hazardous && s.hazmat && (
        <Section title={t('shipment.hazmat.title')} testId="shipment-hazmat">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <Fact label={t('shipment.hazmat.proper_name')}>{s.hazmat.proper_name}</Fact>
            <Fact label={t('shipment.hazmat.hazard_class')}>{s.hazmat.hazard_class}</Fact>
            <Fact label={t('shipment.hazmat.un_number')}>{s.hazmat.un_number}</Fact>
            <Fact label={t('shipment.hazmat.packing_group')}>{s.hazmat.packing_group || t('shipment.hazmat.packing_group_none')}</Fact>
            <Fact label={t('shipment.hazmat.emergency_contact')}>{s.hazmat.emergency_contact}</Fact>
            <Fact label={t('shipment.hazmat.emergency_phone')}>
              <Anchor href={`tel:${s.hazmat.emergency_phone.replace(/[^\d+]/g, '')}`} fz="sm">
                {s.hazmat.emergency_phone}
              </Anchor>
            </Fact>
          </SimpleGrid>
        </Section>
      )}

      {s.customs && <CustomsSummary shipment={{ ...s, customs: s.customs }} />}

      <Section title={t('shipment.items.title')} testId="shipment-items">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing={4} fz="sm" striped aria-label={t('shipment.items.caption', { bol: s.bol_number })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('shipment.items.description')}</Table.Th>
                <Table.Th>{t('shipment.items.package_type')}</Table.Th>
                <Table.Th ta="right">{t('shipment.items.quantity')}</Table.Th>
                <Table.Th>{t('shipment.items.dimensions')}</Table.Th>
                <Table.Th ta="right">{t('shipment.items.weight')}</Table.Th>
                <Table.Th>{t('shipment.items.class')}</Table.Th>
                <Table.Th>{t('shipment.items.nmfc')}</Table.Th>
                <Table.Th>{t('shipment.items.hazardous')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: item lines have no id
                <Table.Tr key={i}>
                  <Table.Td>{item.description || t('shipment.items.no_description')}</Table.Td>
                  <Table.Td>{t(`shipment.package_types.${item.package_type}`, { defaultValue: humanize(item.package_type) })}</Table.Td>
                  <Table.Td ta="right">{fmt.number(item.quantity)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dimensions([item.length_in, item.width_in, item.height_in])}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {fmt.weight(item.weight_lb)}
                  </Table.Td>
                  <Table.Td>{item.freight_class ?? '—'}</Table.Td>
                  <Table.Td>{item.nmfc || '—'}</Table.Td>
                  <Table.Td>
                    {item.hazardous ? (
                      <Text span size="sm" c="red.8" fw={600}>
                        {t('shipment.items.yes')}
                      </Text>
                    ) : (
                      t('shipment.items.no')
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      {(s.notes || s.pickup_note || s.parcel_options || s.notify_consignee || s.accessorials.length > 0) && (
        <Section title={t('shipment.other.title')}>
          <Stack gap="xs">
            {s.accessorials.length > 0 && (
              <Fact label={t('shipment.other.accessorials')}>
                {s.accessorials.map((a) => t(`shipment.accessorial.${a}`, { defaultValue: humanize(a) })).join(', ')}
              </Fact>
            )}
            {s.pickup_note && <Fact label={t('shipment.other.pickup_note')}>{t(`shipment.pickup_notes.${s.pickup_note}`)}</Fact>}
            {s.parcel_options && (
              <Fact label={t('shipment.parcel.signature')} testId="parcel-signature">
                {t(`shipment.parcel.signatures.${s.parcel_options.signature}`)}
              </Fact>
            )}
            {s.parcel_options && (
              <Fact label={t('shipment.parcel.residential')}>
                {t(s.parcel_options.residential ? 'shipment.parcel.yes' : 'shipment.parcel.no')}
              </Fact>
            )}
            {s.notes && (
              <Fact label={t('shipment.other.notes')}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{s.notes}</span>
              </Fact>
            )}
            {s.notify_consignee && <Text size="sm">{t('shipment.other.notify_consignee')}</Text>}
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
