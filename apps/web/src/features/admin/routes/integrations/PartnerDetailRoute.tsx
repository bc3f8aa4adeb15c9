import type { PartnerView } from '@freight/contracts';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { partnerQuery } from '../../api/integrationsApi';
import { NewCredentialButton } from '../../components/oauth/CredentialForm';
import { StaffCredentialsTable } from '../../components/oauth/CredentialsTable';
import { PartnerAccounts } from '../../components/partners/PartnerAccounts';
import { PartnerCalls } from '../../components/partners/PartnerCalls';
import { PartnerFormModal } from '../../components/partners/PartnerFormModal';
import { PartnerStatusBadge } from '../../components/partners/PartnerStatusBadge';
import { PartnerUsageSection } from '../../components/partners/PartnerUsageSection';
import { PartnerWebhooks } from '../../components/partners/PartnerWebhooks';

/** One integration partner (super_admin): the company and its contacts, the accounts it acts for, its credentials, use, calls and webhooks. */
export function PartnerDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(partnerQuery(id));
  return (
    <>
      <PageHeader title={t('admin.pages.integrationPartners')} />
      <Anchor component={Link} to={paths.admin.page('integrationPartners')} size="sm" mb="md" display="block">
        {t('admin.partners.back')}
      </Anchor>
      <QueryStatus query={query} />
      {query.data && <PartnerDetail partner={query.data} />}
    </>
  );
}

function PartnerDetail({ partner: p }: { partner: PartnerView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [editing, setEditing] = useState(false);
  // A website typed without its scheme still opens as a link.
  const website = p.website && !/^https?:\/\//i.test(p.website) ? `https://${p.website}` : p.website;
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" component="section" aria-label={t('admin.partners.company')}>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} size="h3">
                {p.name}
              </Title>
              <PartnerStatusBadge status={p.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {t('admin.partners.created_on', { date: fmt.date(p.created_at) })}
              {p.website && (
                <>
                  {' · '}
                  <Anchor href={website} target="_blank" rel="noopener noreferrer" size="sm">
                    {p.website}
                  </Anchor>
                </>
              )}
            </Text>
            {p.carrier && <Text size="sm">{t('admin.partners.carrier_of', { name: p.carrier.name, scac: p.carrier.scac })}</Text>}
          </Stack>
          <Button variant="default" onClick={() => setEditing(true)}>
            {t('admin.partners.edit')}
          </Button>
        </Group>
        {p.notes && (
          <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
            {p.notes}
          </Text>
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section title={t('admin.partners.contacts')}>
          {p.contacts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.partners.no_contacts')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="xs">
                <Table.Tbody>
                  {p.contacts.map((c) => (
                    <Table.Tr key={`${c.email}-${c.name}`}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {c.name}
                        </Text>
                        {c.role && (
                          <Text size="xs" c="dimmed">
                            {c.role}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Anchor href={`mailto:${c.email}`} size="sm">
                          {c.email}
                        </Anchor>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.phone}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Section>
        <PartnerAccounts partner={p} />
      </SimpleGrid>

      <PartnerUsageSection usage={p.usage} />

      <Section title={t('admin.partners.credentials')}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text size="sm" c="dimmed" maw={640}>
              {t('admin.partners.credentials_intro')}
            </Text>
            <NewCredentialButton partner={{ id: p.id, name: p.name }} />
          </Group>
          {p.credentials.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.partners.no_credentials')}
            </Text>
          ) : (
            <StaffCredentialsTable
              credentials={p.credentials}
              showOwner={false}
              caption={t('admin.partners.credentials_caption', { name: p.name })}
            />
          )}
        </Stack>
      </Section>

      <PartnerWebhooks partnerId={p.id} />
      <PartnerCalls partnerId={p.id} />

      {editing && <PartnerFormModal partner={p} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />}
    </Stack>
  );
}
