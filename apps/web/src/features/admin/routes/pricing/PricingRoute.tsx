import type { PricingProgramRow } from '@freight/contracts';
import { canEditPricing } from '@freight/domain';
import { Alert, Anchor, Box, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { useAuthUser } from '../../../../lib/auth';
import { paths } from '../../../../lib/paths';
import { programsQuery } from '../../api/pricingApi';
import { AccountSelect } from '../../components/AccountSelect';
import { VersionSummary } from '../../components/versions/VersionSummary';

/** A program's key in the API and its page: 'default' or the account's id. */
const keyOf = (p: PricingProgramRow) => p.account_id ?? 'default';

/**
 * Pricing: the default program, the accounts that have their own, and (for the admins and sales
 * admins, who write them) a way to start one. A sales rep reads the default program and its own
 * accounts' programs (the server lists no others).
 */
export function PricingRoute() {
  const { t } = useTranslation();
  const writes = canEditPricing(useAuthUser()?.roles ?? []);
  const navigate = useNavigate();
  const query = useQuery(programsQuery());
  const [account, setAccount] = useState<string | null>(null);
  const programs = query.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.pricing')} />
      <Alert color="blue" variant="light">
        {t('admin.pricing.live')}
      </Alert>
      {!writes && <Text size="sm">{t('admin.pricing.read_only_list')}</Text>}
      <QueryStatus query={query} />
      {query.data && (
        <ScrollArea type="auto">
          <Table striped highlightOnHover withTableBorder captionSide="top">
            <Table.Caption>{t('admin.pricing.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.pricing.program')}</Table.Th>
                <Table.Th>{t('admin.pricing.versions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {programs.map((p) => (
                <Table.Tr key={keyOf(p)}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.admin.pricingProgram(keyOf(p))} fw={600} size="sm">
                      {p.account_name ?? t('admin.pricing.default_program')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <VersionSummary words="admin.pricing" row={p} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {writes && (
        <Paper withBorder p="md" radius="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (account) navigate(paths.admin.pricingProgram(account));
            }}
          >
            <Stack gap="xs">
              <Title order={2} size="h3">
                {t('admin.pricing.start_title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('admin.pricing.start_hint')}
              </Text>
              <Group align="flex-end">
                {/* Wide enough for a long company name; at a phone's width the row is the field's, the button below. */}
                <Box flex="1 1 16rem" maw="32rem">
                  <AccountSelect
                    label={t('admin.pricing.account')}
                    placeholder={t('admin.pricing.account_placeholder')}
                    value={account}
                    onChange={(id) => setAccount(id)}
                    exclude={programs.flatMap((p) => (p.account_id ? [p.account_id] : []))}
                  />
                </Box>
                <Button type="submit" disabled={!account}>
                  {t('admin.pricing.open_program')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
