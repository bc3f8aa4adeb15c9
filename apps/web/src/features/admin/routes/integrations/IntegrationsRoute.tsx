import type { IntegrationView } from '@freight/contracts';
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useListParams } from '../../../../components/list/useListParams';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { WHOLE_LABEL } from '../../../../components/tracking/StatusBadge';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { afterIntegrationChange, integrationsQuery, partnerPath, switchIntegration } from '../../api/integrationsApi';
import { useUrlFilters } from '../../components/UrlFilters';

const KINDS: IntegrationView['kind'][] = ['partner', 'credential', 'webhook', 'ebay_store'];
const KIND_COLORS: Record<IntegrationView['kind'], string> = {
  partner: 'indigo',
  credential: 'cyan',
  webhook: 'grape',
  ebay_store: 'yellow',
};
const FILTERS = ['kind'] as const;
/** A failure rate from here on is shown in red. */
const HIGH_FAILURE_RATE = 0.2;

/**
 * Integrations (super_admin): every connection an account has (partner apps, API credentials,
 * webhooks, eBay stores) with its health over the last 7 days, and a switch to turn it off
 * (after a confirmation) or on again. The kind and the search are kept in the URL.
 */
export function IntegrationsRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const list = useListParams();
  const { input, filtered } = useUrlFilters(list, FILTERS);
  const query = useQuery(integrationsQuery({ kind: list.params.get('kind') ?? '', q: list.q }));
  const toggle = useMutation({
    mutationFn: (i: IntegrationView) => switchIntegration(i, !i.enabled),
    onSuccess: () => afterIntegrationChange(client),
  });
  const onSwitch = (i: IntegrationView) =>
    i.enabled
      ? modals.openConfirmModal({
          title: t('admin.integrations.disable_title', { name: i.name }),
          children: (
            <Text size="sm">{t(`admin.integrations.disable_body.${i.kind}`, { account: i.account?.name ?? i.partner?.name ?? '' })}</Text>
          ),
          labels: { confirm: t('admin.integrations.disable'), cancel: t('common.cancel') },
          confirmProps: { color: 'red' },
          onConfirm: () => toggle.mutate(i),
        })
      : toggle.mutate(i);
  const rows = query.data ?? [];
  const never = t('admin.integrations.never');
  const rate = (r: number | null) =>
    r === null ? (
      <Text size="sm" c="dimmed">
        {t('admin.integrations.no_attempts')}
      </Text>
    ) : (
      <Text size="sm" c={r >= HIGH_FAILURE_RATE ? 'red' : undefined} fw={r >= HIGH_FAILURE_RATE ? 600 : undefined}>
        {fmt.number(r, { style: 'percent', maximumFractionDigits: 1 })}
      </Text>
    );

  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.integrations')} />
      <Text size="sm" c="dimmed" maw={760}>
        {t('admin.integrations.intro')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin.integrations.search')}
          placeholder={t('admin.integrations.search_hint')}
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          maxLength={100}
          w={300}
        />
        <NativeSelect
          label={t('admin.integrations.kind')}
          data={[
            { value: '', label: t('admin.integrations.any_kind') },
            ...KINDS.map((k) => ({ value: k, label: t(`admin.integrations.kinds.${k}`) })),
          ]}
          w={220}
          {...input('kind')}
        />
      </Group>
      <ErrorAlert error={toggle.error} />
      <QueryStatus query={query} />
      {query.data && rows.length === 0 && (
        <Stack gap="sm" align="flex-start" py="md">
          <Text>{filtered ? t('admin.integrations.none_filtered') : t('admin.integrations.none')}</Text>
          {filtered && (
            <Button variant="default" onClick={() => list.clearFilters(...FILTERS)}>
              {t('admin.integrations.clear')}
            </Button>
          )}
        </Stack>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>{t('admin.integrations.caption', { count: rows.length, formatted: fmt.number(rows.length) })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.integrations.connection')}</Table.Th>
                <Table.Th>{t('admin.integrations.account')}</Table.Th>
                <Table.Th>{t('admin.integrations.partner')}</Table.Th>
                <Table.Th>{t('admin.integrations.last_success')}</Table.Th>
                <Table.Th>{t('admin.integrations.last_failure')}</Table.Th>
                <Table.Th ta="right">{t('admin.integrations.failure_rate')}</Table.Th>
                <Table.Th>{t('admin.integrations.enabled')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => (
                <Table.Tr key={`${i.kind}-${i.id}`}>
                  <Table.Td>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {i.name}
                    </Text>
                    <Badge size="sm" variant="light" color={KIND_COLORS[i.kind]} styles={WHOLE_LABEL} mt={2}>
                      {t(`admin.integrations.kinds.${i.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {i.account ? (
                      <Anchor component={Link} to={paths.admin.account(i.account.id)} size="sm">
                        {i.account.name}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    {i.partner ? (
                      <Anchor component={Link} to={partnerPath(i.partner.id)} size="sm">
                        {i.partner.name}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{i.last_success_at ? fmt.dateTime(i.last_success_at) : never}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{i.last_failure_at ? fmt.dateTime(i.last_failure_at) : never}</Table.Td>
                  <Table.Td ta="right">{rate(i.failure_rate)}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={i.enabled}
                      disabled={toggle.isPending && toggle.variables?.id === i.id}
                      onChange={() => onSwitch(i)}
                      label={i.enabled ? t('admin.integrations.on') : t('admin.integrations.off')}
                      aria-label={i.account ? t('admin.integrations.switch_named', { name: i.name, account: i.account.name }) : i.name}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
