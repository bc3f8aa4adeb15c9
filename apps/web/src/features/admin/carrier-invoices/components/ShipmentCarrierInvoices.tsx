import type { StaffShipmentDetail } from '@freight/contracts';
import { canAuditCarrierInvoices } from '@freight/domain';
import { Anchor, Group, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../../components/list/ResponsiveTable';
import { Section } from '../../../../components/Section';
import { useAuthUser } from '../../../../lib/auth';
import { paths } from '../../../../lib/paths';
import { shipmentCarrierInvoicesQuery } from '../api/carrierInvoicesApi';
import { AutoApprovedBadge, CarrierInvoiceStatusBadge, useCents } from './parts';

/** A shipment's carrier invoices, for those who audit them: each one's number, state and amount, opening its page; nothing when there are none. */
export function ShipmentCarrierInvoices({ shipment }: { shipment: StaffShipmentDetail['shipment'] }) {
  const user = useAuthUser();
  return canAuditCarrierInvoices(user?.roles ?? []) ? <Invoices shipment={shipment} /> : null;
}

function Invoices({ shipment }: { shipment: StaffShipmentDetail['shipment'] }) {
  const { t } = useTranslation();
  const money = useCents();
  const q = useQuery(shipmentCarrierInvoicesQuery(shipment.id));
  if (!q.data || q.data.length === 0) return null;
  return (
    <Section title={t('admin.carrier_invoices.of_shipment')}>
      <ResponsiveTable minWidth={420}>
        <Table striped verticalSpacing="xs">
          <Table.Caption>{t('admin.carrier_invoices.of_shipment')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.carrier_invoices.columns.invoice')}</Table.Th>
              <Table.Th>{t('admin.carrier_invoices.status')}</Table.Th>
              <Table.Th ta="right">{t('admin.carrier_invoices.columns.billed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.admin.carrierInvoice(i.id)} size="sm">
                    {t('admin.carrier_invoices.invoice_number', { number: i.invoice_number })}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <CarrierInvoiceStatusBadge status={i.status} size="sm" />
                    {i.auto_approved && <AutoApprovedBadge />}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{money(i.billed_cents, i.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ResponsiveTable>
    </Section>
  );
}
