import { NOTICE_STATES, type SiteNotificationView } from '@freight/contracts';
import { Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ActionsTh } from '../../../../components/list/ActionsTh';
import { ListTable } from '../../../../components/list/ListTable';
import { useListParams } from '../../../../components/list/useListParams';
import { NOTICE_COLORS } from '../../../../components/notices/NoticeBanner';
import { PageHeader } from '../../../../components/PageHeader';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { afterNotificationChange, notificationsQuery, retireNotification } from '../../api/notificationsApi';

/** Notifications (super_admin): every notice with its window and state; new, edit, retire. */
export function NotificationsRoute() {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const list = useListParams();
  const state = list.params.get('state') ?? '';
  const query = useQuery(notificationsQuery({ ...(state ? { state } : {}), page: String(list.page) }));
  const retire = useMutation({ mutationFn: retireNotification, onSuccess: (n) => afterNotificationChange(client, n) });
  /** Both titles, the one in the page's language first. */
  const titles = (n: SiteNotificationView) => (i18n.language === 'es' ? [n.title_es, n.title_en] : [n.title_en, n.title_es]);
  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.notifications')} />
      <Group justify="space-between" align="flex-end">
        <NativeSelect
          label={t('admin.notices.state')}
          value={state}
          onChange={(e) => list.update({ state: e.currentTarget.value, page: null })}
          data={[
            { value: '', label: t('admin.notices.any_state') },
            ...NOTICE_STATES.map((s) => ({ value: s, label: t(`admin.notices.states.${s}`) })),
          ]}
          w={200}
        />
        <Button component={Link} to={paths.admin.newNotification}>
          {t('admin.notices.new')}
        </Button>
      </Group>
      {retire.error && <ErrorAlert error={retire.error} />}
      <ListTable
        list={{ ...list, q: '' }}
        query={query}
        minWidth={900}
        caption={t('admin.notices.caption')}
        head={
          <>
            <Table.Th>{t('admin.notices.title')}</Table.Th>
            <Table.Th>{t('admin.notices.audience')}</Table.Th>
            <Table.Th>{t('admin.notices.window')}</Table.Th>
            <Table.Th>{t('admin.notices.state')}</Table.Th>
            <ActionsTh />
          </>
        }
        row={(n: SiteNotificationView) => (
          <Table.Tr key={n.id}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge color={NOTICE_COLORS[n.severity]} variant="light" size="sm" style={{ flexShrink: 0 }}>
                  {t(`notices.severity.${n.severity}`)}
                </Badge>
                <div>
                  <Anchor component={Link} to={paths.admin.editNotification(n.id)} size="sm" fw={600}>
                    {titles(n)[0]}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {titles(n)[1]}
                  </Text>
                </div>
              </Group>
            </Table.Td>
            <Table.Td>{n.account ? n.account.name : t(`admin.notices.audiences.${n.audience}`)}</Table.Td>
            <Table.Td>
              <Text size="sm">
                {fmt.dateTime(n.starts_at)} – {n.ends_at ? fmt.dateTime(n.ends_at) : t('admin.notices.no_end')}
              </Text>
            </Table.Td>
            <Table.Td>{t(`admin.notices.states.${n.state}`)}</Table.Td>
            <Table.Td ta="right">
              {n.state !== 'retired' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  loading={retire.isPending && retire.variables === n.id}
                  onClick={() =>
                    modals.openConfirmModal({
                      title: t('admin.notices.retire'),
                      children: <Text size="sm">{t('admin.notices.retire_confirm', { title: titles(n)[0] })}</Text>,
                      labels: { confirm: t('admin.notices.retire'), cancel: t('common.cancel') },
                      confirmProps: { color: 'red' },
                      onConfirm: () => retire.mutate(n.id),
                    })
                  }
                >
                  {t('admin.notices.retire')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
        total={(count, formatted) => t('admin.notices.total', { count, formatted })}
        empty={<Text>{t('admin.notices.none')}</Text>}
        emptyFiltered={t('admin.notices.none_filtered')}
        clearLabel={t('admin.notices.clear')}
        filtered={Boolean(state)}
        clears={['state']}
      />
    </Stack>
  );
}
