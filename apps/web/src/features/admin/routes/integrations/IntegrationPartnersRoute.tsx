import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { useFormat } from '../../../../lib/useFormat';
import { partnerPath, partnersQuery } from '../../api/integrationsApi';
import { PartnerFormModal } from '../../components/partners/PartnerFormModal';
import { PartnerStatusBadge } from '../../components/partners/PartnerStatusBadge';

/**
 * Integration Partners (super_admin): the companies that quote, book and track through the API
 * for accounts, with today's use; a new partner opens on its page, where it gets credentials.
 */
export function IntegrationPartnersRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const query = useQuery(partnersQuery());
  const [adding, setAdding] = useState(false);
  const partners = query.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.integrationPartners')} />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" c="dimmed" maw={760}>
          {t('admin.partners.intro')}
        </Text>
        <Button onClick={() => setAdding(true)} style={{ flexShrink: 0 }}>
          {t('admin.partners.add')}
        </Button>
      </Group>
      <QueryStatus query={query} />
      {query.data && partners.length === 0 && <Text>{t('admin.partners.none')}</Text>}
      {partners.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>{t('admin.partners.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.partners.name')}</Table.Th>
                <Table.Th>{t('admin.partners.status_label')}</Table.Th>
                <Table.Th ta="right">{t('admin.partners.accounts')}</Table.Th>
                <Table.Th ta="right">{t('admin.partners.live_credentials')}</Table.Th>
                <Table.Th ta="right">{t('admin.partners.requests_today')}</Table.Th>
                <Table.Th ta="right">{t('admin.partners.errors_today')}</Table.Th>
                <Table.Th>{t('admin.partners.last_call')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {partners.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={partnerPath(p.id)} fw={600} size="sm">
                      {p.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <PartnerStatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td ta="right">{fmt.number(p.accounts)}</Table.Td>
                  <Table.Td ta="right">{fmt.number(p.credentials)}</Table.Td>
                  <Table.Td ta="right">{fmt.number(p.requests_today)}</Table.Td>
                  <Table.Td ta="right" c={p.errors_today > 0 ? 'red' : undefined}>
                    {fmt.number(p.errors_today)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {p.last_call_at ? fmt.dateTime(p.last_call_at) : t('admin.partners.never')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {adding && <PartnerFormModal partner={null} onClose={() => setAdding(false)} onSaved={(p) => navigate(partnerPath(p.id))} />}
    </Stack>
  );
}
