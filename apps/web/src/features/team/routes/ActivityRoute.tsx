import type { TeamActivityView } from '@freight/contracts';
import { Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../../components/csv/useFileDownload';
import { ListTable } from '../../../components/list/ListTable';
import { useListParams } from '../../../components/list/useListParams';
import { useAuthUser } from '../../../lib/auth';
import { useFormat } from '../../../lib/useFormat';
import { ACTIVITY_EXPORT_PATH, activityQuery, teamQuery } from '../api/teamApi';
import { actionWords, actorWords, detailWords } from '../components/activityWords';

const FILTERS = ['user_id', 'from', 'to'] as const;

/**
 * Settings > Activity log (account admins): every change to the team, who made it, when and from
 * where, filtered by user and days, a page at a time; the entries found exported as CSV.
 */
export function ActivityRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  if (!user?.account?.permissions.includes('team.manage')) return <Text>{t('team.no_access')}</Text>;
  return <ActivityLog />;
}

function ActivityLog() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useListParams();
  const { download, downloading } = useFileDownload();
  const team = useQuery(teamQuery());
  const p = list.params;
  const filters = Object.fromEntries(FILTERS.flatMap((f) => (p.get(f) ? [[f, p.get(f) as string]] : [])));
  const query = useQuery(activityQuery({ ...filters, page: String(list.page) }));
  const input = (name: (typeof FILTERS)[number]) => ({
    value: p.get(name) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => list.update({ [name]: e.currentTarget.value, page: null }),
  });
  const people = (team.data?.members ?? []).map((m) => ({ value: m.id, label: m.name || m.email }));
  const day = new Date().toLocaleDateString('en-CA');
  const money = (cents: number) => fmt.money(cents / 100);
  return (
    <Stack gap="md">
      <Text size="sm" maw={760}>
        {t('team.log.intro')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('team.log.user')}
          data={[{ value: '', label: t('team.log.anyone') }, ...people]}
          w={{ base: '100%', xs: 240 }}
          {...input('user_id')}
        />
        <TextInput type="date" label={t('team.log.from')} w={{ base: '100%', xs: 170 }} {...input('from')} />
        <TextInput type="date" label={t('team.log.to')} w={{ base: '100%', xs: 170 }} {...input('to')} />
        <Button
          variant="default"
          loading={downloading === ACTIVITY_EXPORT_PATH}
          onClick={() => download(ACTIVITY_EXPORT_PATH, { fileName: `activity-log-${day}.csv`, query: filters })}
        >
          {t('team.log.export')}
        </Button>
      </Group>
      <ListTable
        list={list}
        query={query}
        minWidth={900}
        caption={t('team.log.caption')}
        head={
          <>
            <Table.Th>{t('team.log.columns.when')}</Table.Th>
            <Table.Th>{t('team.log.columns.who')}</Table.Th>
            <Table.Th>{t('team.log.columns.what')}</Table.Th>
            <Table.Th>{t('team.log.columns.about')}</Table.Th>
            <Table.Th>{t('team.log.columns.where')}</Table.Th>
          </>
        }
        row={(e: TeamActivityView) => (
          <Table.Tr key={e.id} data-testid="activity-entry">
            <Table.Td>{fmt.dateTime(e.at)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {actorWords(t, e.actor)}
              {e.actor.kind === 'user' && e.actor.name && (
                <Text size="xs" c="dimmed">
                  {e.actor.email}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {actionWords(t, e.action)}
              {detailWords(t, e, money).map((line) => (
                <Text key={line} size="xs" c="dimmed">
                  {line}
                </Text>
              ))}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.target ?? ''}</Table.Td>
            <Table.Td>{e.ip ?? '—'}</Table.Td>
          </Table.Tr>
        )}
        total={(count, formatted) => t('team.log.total', { count, formatted })}
        empty={<Text>{t('team.log.none')}</Text>}
        emptyFiltered={t('team.log.empty_filtered')}
        clearLabel={t('team.log.clear')}
        filtered={Object.keys(filters).length > 0}
        clears={[...FILTERS]}
      />
    </Stack>
  );
}
