import { INBOX_SORTS, type InboxConversation as Row, SUPPORT_CATEGORIES, SUPPORT_STATES } from '@freight/contracts';
import { Badge, Grid, Group, Pagination, Paper, SegmentedControl, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { useFormat } from '../../../lib/useFormat';
import { assigneesQuery, inboxQuery } from '../api/supportApi';
import { InboxConversation } from '../components/support/InboxConversation';

const PER_PAGE = 20;
const FILTERS = ['state', 'category', 'assignee', 'q', 'sort', 'page'] as const;

/**
 * The support inbox (/admin/support, every staff role): conversations by state, category,
 * assignee and age, searchable; the one picked opens beside the list. All of it in the URL.
 */
export function SupportInboxRoute() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const [q, setQ] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(q, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed search moves the URL
  useEffect(() => {
    if ((params.get('q') ?? '') !== debounced) set({ q: debounced || null });
  }, [debounced]);
  const search: Record<string, string> = { per_page: String(PER_PAGE) };
  for (const k of FILTERS) {
    const v = params.get(k);
    if (v) search[k] = v;
  }
  if (!search.state && !params.has('all')) search.state = 'open';
  const list = useQuery(inboxQuery(search));
  const assignees = useQuery(assigneesQuery());
  const rows = list.data?.data ?? [];

  return (
    <>
      <PageHeader title={t('admin.pages.support')} />
      <Stack gap="sm" mb="md">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            size="xs"
            value={params.has('all') ? 'all' : (search.state ?? 'open')}
            onChange={(v) => (v === 'all' ? set({ state: null, all: '1' }) : set({ state: v, all: null }))}
            data={[
              ...SUPPORT_STATES.map((s) => ({ value: s, label: t(`admin.support.states.${s}`) })),
              { value: 'all', label: t('admin.support.all') },
            ]}
          />
          <Select
            size="xs"
            aria-label={t('admin.support.category')}
            placeholder={t('admin.support.any_category')}
            data={SUPPORT_CATEGORIES.map((c) => ({ value: c, label: t(`chat.categories.${c}`) }))}
            value={params.get('category')}
            onChange={(v) => set({ category: v })}
            clearable
            w={160}
          />
          <Select
            size="xs"
            aria-label={t('admin.support.assignee')}
            placeholder={t('admin.support.anyone')}
            data={[
              { value: 'me', label: t('admin.support.mine') },
              { value: 'unassigned', label: t('admin.support.unassigned') },
              ...(assignees.data ?? []).map((a) => ({ value: a.id, label: a.name })),
            ]}
            value={params.get('assignee')}
            onChange={(v) => set({ assignee: v })}
            clearable
            w={180}
          />
          <Select
            size="xs"
            aria-label={t('admin.support.sort')}
            data={INBOX_SORTS.map((s) => ({ value: s, label: t(`admin.support.sorts.${s}`) }))}
            value={params.get('sort') ?? 'newest'}
            onChange={(v) => set({ sort: v === 'newest' ? null : v })}
            w={190}
          />
          <TextInput
            size="xs"
            aria-label={t('admin.support.search')}
            placeholder={t('admin.support.search')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            w={240}
          />
          <ExportMenu path="/api/admin/support/conversations/export" query={search} fileName="admin-support-conversations" />
        </Group>
      </Stack>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder>
            {list.data ? (
              rows.length ? (
                <Stack gap={0} role="list" aria-label={t('admin.support.conversations')}>
                  {rows.map((row) => (
                    <InboxRow
                      key={row.id}
                      row={row}
                      active={row.id === selected}
                      onOpen={() => set({ c: row.id, page: params.get('page') })}
                      when={f.dateTime(row.last_message_at)}
                    />
                  ))}
                </Stack>
              ) : (
                <Text p="md" c="dimmed" size="sm">
                  {t('admin.support.none')}
                </Text>
              )
            ) : (
              <QueryStatus query={list} />
            )}
          </Paper>
          {(list.data?.meta.last_page ?? 1) > 1 && (
            <Pagination
              mt="sm"
              size="sm"
              total={list.data?.meta.last_page ?? 1}
              value={Number(params.get('page') ?? 1)}
              onChange={(p) => set({ page: String(p) })}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selected ? (
            <InboxConversation key={selected} id={selected} />
          ) : (
            <Text c="dimmed" size="sm">
              {t('admin.support.pick')}
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}

function InboxRow({ row, active, onOpen, when }: { row: Row; active: boolean; onOpen: () => void; when: string }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      role="listitem"
      onClick={onOpen}
      p="sm"
      bg={active ? 'blue.0' : undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="inbox-row"
      aria-current={active || undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={row.unread ? 700 : 500} lineClamp={1}>
          {row.subject}
        </Text>
        {row.unread > 0 && (
          <Badge size="sm" color="red" circle aria-label={t('admin.support.unread', { count: row.unread })}>
            {row.unread}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {row.account.name} · {t(`chat.categories.${row.category}`)}
        {row.reference ? ` · ${row.reference}` : ''} · {row.assignee?.name ?? t('admin.support.unassigned')} · {when}
      </Text>
    </UnstyledButton>
  );
}
