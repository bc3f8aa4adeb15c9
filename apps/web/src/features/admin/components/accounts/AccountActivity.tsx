import type { StaffAccountDetail } from '@freight/contracts';
import { canSeeMargin, type ShipmentStatus } from '@freight/domain';
import { Anchor, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../../components/Section';
import { major } from '../../../../components/shipment/format';
import { StatusBadge } from '../../../../components/tracking/StatusBadge';
import { useAuthUser } from '../../../../lib/auth';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { MarginCells } from '../shipments/marginParts';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The account's latest quotes and shipments; a quote or shipment opens its staff detail, all the
 * shipments the search. Staff who may see margin read each quote's lowest rate's cost and margin (a
 * dash on an account whose margin is not theirs to see).
 */
export function AccountActivity({ account }: { account: StaffAccountDetail }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const user = useAuthUser();
  const margins = canSeeMargin(user?.roles ?? []);
  return (
    <SimpleGrid cols={{ base: 1, xl: 2 }}>
      <Section title={t('admin.accounts.recent_shipments')}>
        {account.recent_shipments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.accounts.no_shipments')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.accounts.col_bol')}</Table.Th>
                  <Table.Th>{t('admin.accounts.col_status')}</Table.Th>
                  <Table.Th>{t('admin.accounts.col_carrier')}</Table.Th>
                  <Table.Th ta="right">{t('admin.accounts.col_total')}</Table.Th>
                  <Table.Th>{t('admin.accounts.col_created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {account.recent_shipments.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.admin.shipment(s.id)} size="sm">
                        {s.bol_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={s.status as ShipmentStatus} size="sm" />
                    </Table.Td>
                    <Table.Td>{s.carrier_name}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>
                      {fmt.money(major(s.total_cents), s.currency)}
                    </Table.Td>
                    <Table.Td style={NOWRAP}>{fmt.date(s.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Anchor component={Link} to={paths.admin.shipments({ account_id: account.id })} size="sm" mt="xs" display="block">
          {t('admin.accounts.all_shipments')}
        </Anchor>
      </Section>
      <Section title={t('admin.accounts.recent_quotes')}>
        {account.recent_quotes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('admin.accounts.no_quotes')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={margins ? 680 : 480}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.accounts.col_quoted')}</Table.Th>
                  <Table.Th>{t('admin.accounts.col_mode')}</Table.Th>
                  <Table.Th>{t('admin.accounts.col_lane')}</Table.Th>
                  <Table.Th ta="right">{t('admin.accounts.col_lowest')}</Table.Th>
                  {margins && (
                    <>
                      <Table.Th ta="right">{t('admin.accounts.col_cost')}</Table.Th>
                      <Table.Th ta="right">{t('admin.accounts.col_margin')}</Table.Th>
                    </>
                  )}
                  <Table.Th>{t('admin.accounts.col_booked')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {account.recent_quotes.map((q) => (
                  <Table.Tr key={q.id}>
                    <Table.Td style={NOWRAP}>
                      <Anchor component={Link} to={paths.admin.quote(q.id)} size="sm">
                        {fmt.dateTime(q.created_at)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`shipping_modes.${q.mode}`)}</Table.Td>
                    <Table.Td>
                      {q.origin} → {q.destination}
                    </Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>
                      {q.lowest_total_cents === null ? '—' : fmt.money(major(q.lowest_total_cents), q.currency)}
                    </Table.Td>
                    {margins && (
                      <MarginCells
                        cost={q.lowest_cost_cents}
                        margin={q.lowest_margin_cents}
                        bp={q.lowest_margin_bp}
                        currency={q.currency}
                      />
                    )}
                    <Table.Td>{q.booked ? t('admin.accounts.booked') : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
    </SimpleGrid>
  );
}
