import type { StaffCarrierRow } from '@freight/contracts';
import { Anchor, Badge, ScrollArea, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { carriersQuery } from '../../api/carriersApi';
import { DieselPrices } from '../../components/carriers/DieselPrices';
import { PauseMark } from '../../components/carriers/QuotingPause';
import { VersionSummary } from '../../components/versions/VersionSummary';

/** Carriers (super_admin): every carrier with last week's share, incidents, tracking and tariff state; the weekly diesel prices. */
export function CarriersRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'diesel' ? 'diesel' : 'carriers';
  const query = useQuery(carriersQuery());
  const share = (c: StaffCarrierRow) =>
    c.quotes_last_week
      ? t('admin.carriers.share_value', {
          won: fmt.number(c.quotes_won_last_week),
          total: fmt.number(c.quotes_last_week),
          percent: fmt.number(c.quotes_won_last_week / c.quotes_last_week, { style: 'percent', maximumFractionDigits: 0 }),
        })
      : t('admin.carriers.share_none');
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.carriers')} />
      <Tabs value={tab} onChange={(v) => setParams(v === 'diesel' ? { tab: 'diesel' } : {}, { preventScrollReset: true })}>
        <Tabs.List>
          <Tabs.Tab value="carriers">{t('admin.carriers.tabs.carriers')}</Tabs.Tab>
          <Tabs.Tab value="diesel">{t('admin.carriers.tabs.diesel')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="carriers" pt="md">
          <QueryStatus query={query} />
          {query.data && (
            <ScrollArea type="auto">
              <Table striped highlightOnHover withTableBorder miw={980} captionSide="top">
                <Table.Caption>{t('admin.carriers.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.carriers.name')}</Table.Th>
                    <Table.Th>{t('admin.carriers.mode')}</Table.Th>
                    <Table.Th>{t('admin.carriers.state')}</Table.Th>
                    <Table.Th>{t('admin.carriers.share')}</Table.Th>
                    <Table.Th ta="right">{t('admin.carriers.incidents')}</Table.Th>
                    <Table.Th>{t('admin.carriers.tracking')}</Table.Th>
                    <Table.Th>{t('admin.carriers.tariff')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>
                        <Anchor component={Link} to={paths.admin.carrier(c.id)} fw={600} size="sm">
                          {c.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {c.scac}
                        </Text>
                      </Table.Td>
                      <Table.Td>{t(`admin.carriers.modes.${c.mode}`)}</Table.Td>
                      <Table.Td>
                        <Badge color={c.active ? 'teal' : 'gray'} variant="light">
                          {c.active ? t('admin.carriers.active') : t('admin.carriers.inactive')}
                        </Badge>
                        {c.quoting_paused_at && <PauseMark pausedAt={c.quoting_paused_at} reason={c.quoting_pause_reason} />}
                      </Table.Td>
                      <Table.Td>{share(c)}</Table.Td>
                      <Table.Td ta="right">{fmt.number(c.open_incidents)}</Table.Td>
                      <Table.Td>{t(`admin.carriers.trackings.${c.tracking}`)}</Table.Td>
                      <Table.Td>
                        <VersionSummary words="admin.carriers" row={c} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="diesel" pt="md">
          {tab === 'diesel' && <DieselPrices />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
