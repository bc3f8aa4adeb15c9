import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { major } from '../../../components/shipment/format';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { openDisputesQuery } from '../api/creditApi';

/** The accounting staff's queue: every open invoice dispute, oldest first, each leading to its account's credit panel. */
export function OpenDisputes() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const q = useQuery(openDisputesQuery());
  if (!q.data) return null;
  return (
    <Card withBorder padding="lg" mt="lg" data-testid="open-disputes">
      <Stack gap="sm">
        <Title order={4}>{t('admin.credit.disputes')}</Title>
        {q.data.length === 0 ? (
          <Text c="dimmed">{t('admin.credit.no_disputes')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table>
              <Table.Tbody>
                {q.data.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.admin.account(d.account_id)} fw={600}>
                        {d.invoice_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.date(d.created_at)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {d.reason}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {fmt.money(major(d.amount_cents), 'USD')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
