import type { AdminCreditApplicationView } from '@freight/contracts';
import { Anchor, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { applicationQuery } from '../api/creditApplicationsApi';
import { DecisionForm } from '../components/DecisionForm';
import { ApplicationStatusBadge } from '../components/StatusBadge';

/** One application as staff review it: what the business stated (the tax id only here), and its decision or the form to make it. */
export function CreditApplicationDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useQuery(applicationQuery(id));
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={q.data ? t('credit_applications.detail.title', { name: q.data.account.name }) : t('admin.pages.creditApplications')}
      />
      <QueryStatus query={q} />
      {q.data && <Detail application={q.data} />}
    </Stack>
  );
}

/** Label and value, one row of a definition table. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w="40%" fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

const Rows = ({ children }: { children: ReactNode }) => (
  <Table verticalSpacing={4} fz="sm" withRowBorders={false}>
    <Table.Tbody>{children}</Table.Tbody>
  </Table>
);

function Detail({ application: a }: { application: AdminCreditApplicationView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const usd = (cents: number) => fmt.money(cents / 100, 'USD');
  const k = (key: string, params?: Record<string, unknown>) => t(`credit_applications.detail.${key}`, params);
  const f = (key: string, params?: Record<string, unknown>) => t(`credit_applications.form.${key}`, params);
  return (
    <>
      <Group gap="sm">
        <ApplicationStatusBadge status={a.status} size="lg" />
        <Anchor component={Link} to={paths.admin.account(a.account.id)} size="sm">
          {k('open_account')}
        </Anchor>
      </Group>
      <Section title={k('decision')} testId="credit-decision">
        {a.status === 'pending' ? (
          <DecisionForm application={a} />
        ) : (
          <Stack gap={4}>
            {a.decided_by && a.decided_at && (
              <Text size="sm">{k('decided_by', { name: a.decided_by.name, date: fmt.dateTime(a.decided_at) })}</Text>
            )}
            {a.status === 'approved' && (
              <Text fw={600}>{k('terms', { days: a.net_days, limit: usd(a.credit_limit_cents ?? 0), grace: a.grace_days })}</Text>
            )}
            <Text size="sm">
              {k('reason')}: {a.decision_reason}
            </Text>
          </Stack>
        )}
      </Section>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={k('business')}>
          <Rows>
            <Row label={f('legal_name')}>{a.legal_name}</Row>
            <Row label={k('tax_id')}>{a.tax_id ?? k('tax_id_unreadable')}</Row>
            <Row label={k('years')}>{fmt.number(a.years_in_business)}</Row>
            <Row label={k('requested')}>{usd(a.requested_limit_cents)}</Row>
            <Row label={k('applicant')}>{a.submitted_by ? `${a.submitted_by.name} · ${a.submitted_by.email}` : '—'}</Row>
            <Row label={k('sent_at')}>{fmt.dateTime(a.created_at)}</Row>
          </Rows>
        </Section>
        <Section title={k('bank')}>
          <Rows>
            <Row label={f('bank_name')}>{a.bank.name}</Row>
            <Row label={f('bank_contact')}>{a.bank.contact}</Row>
            <Row label={f('phone')}>{a.bank.phone}</Row>
          </Rows>
        </Section>
        <Section title={k('references')}>
          <Stack gap="sm">
            {a.trade_references.map((r, i) => (
              <div key={r.email}>
                <Text size="sm" fw={600}>
                  {f('reference', { n: i + 1 })}: {r.company}
                </Text>
                <Text size="sm">
                  {r.contact} · {r.email} · {r.phone}
                </Text>
              </div>
            ))}
          </Stack>
        </Section>
        <Section title={k('accounts_payable')}>
          <Rows>
            <Row label={f('name')}>{a.accounts_payable.name}</Row>
            <Row label={f('email')}>{a.accounts_payable.email}</Row>
            <Row label={f('phone')}>{a.accounts_payable.phone}</Row>
          </Rows>
        </Section>
      </SimpleGrid>
    </>
  );
}
