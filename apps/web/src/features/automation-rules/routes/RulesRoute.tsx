import type { AutomationDryRunSource, AutomationRuleView } from '@freight/contracts';
import { ActionIcon, Button, Card, Group, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionDialog } from '../../../components/ConfirmActionDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { showNotice } from '../../../components/notices/showNotice';
import { QueryStatus } from '../../../components/QueryStatus';
import { useCan } from '../../../lib/permissions';
import { useFormat } from '../../../lib/useFormat';
import { afterRulesChange, rulesApi, rulesQuery } from '../api/rulesApi';
import { DryRunPanel } from '../components/DryRunPanel';
import { draftOf, RuleEditor } from '../components/RuleEditor';
import { actionsWords, conditionWords } from '../components/ruleWords';

/**
 * Settings > Rules: the account's automation rules in the order they apply. Account admins add,
 * edit, reorder, switch and delete them and dry-run the whole set; shippers read them (their
 * quotes and eBay orders follow them).
 */
export function RulesRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const mayEdit = useCan('account.manage');
  const client = useQueryClient();
  const rules = useQuery(rulesQuery());
  const [editing, setEditing] = useState<AutomationRuleView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AutomationRuleView | null>(null);
  const [source, setSource] = useState<AutomationDryRunSource>('shipments');
  const list = rules.data ?? [];
  const refresh = () => afterRulesChange(client);
  const toggle = useMutation({
    mutationFn: (r: AutomationRuleView) => rulesApi.setEnabled(r.id, !r.enabled),
    onSuccess: async (r) => {
      await refresh();
      showNotice({ color: 'green', message: { key: r.enabled ? 'rules.switched_on' : 'rules.switched_off', params: { name: r.name } } });
    },
  });
  const move = useMutation({
    mutationFn: ({ n, by }: { n: number; by: -1 | 1 }) => {
      const ids = list.map((r) => r.id);
      const [id] = ids.splice(n, 1);
      ids.splice(n + by, 0, id as string);
      return rulesApi.reorder(ids);
    },
    onSuccess: async () => {
      await refresh();
      showNotice({ color: 'green', message: { key: 'rules.reordered' } });
    },
  });
  const dry = useMutation({
    mutationFn: () =>
      rulesApi.dryRun(
        source,
        list.map((r) => ({ ...draftOf(r), id: r.id })),
      ),
  });

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={2} size="h3">
            {t('rules.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={640}>
            {t('rules.intro')}
          </Text>
        </div>
        {mayEdit && <Button onClick={() => setEditing('new')}>{t('rules.add')}</Button>}
      </Group>
      <QueryStatus query={rules} />
      {toggle.error && <ErrorAlert error={toggle.error} />}
      {move.error && <ErrorAlert error={move.error} />}
      {rules.data && list.length === 0 && <Text>{t('rules.empty')}</Text>}
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('rules.list_label')}>
        {list.map((rule, n) => (
          <Card key={rule.id} withBorder component="li" padding="sm">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ flex: '1 1 260px' }}>
                <Text fw={600}>
                  {n + 1}. {rule.name}
                </Text>
                <Text size="sm">
                  <Text span fw={500}>
                    {t('rules.when')}{' '}
                  </Text>
                  {rule.conditions.length
                    ? rule.conditions.map((c) => conditionWords(t, c, fmt.number)).join(t('rules.and'))
                    : t('rules.always')}
                </Text>
                <Text size="sm">
                  <Text span fw={500}>
                    {t('rules.then')}{' '}
                  </Text>
                  {actionsWords(t, rule.actions).join('; ')}
                </Text>
              </Stack>
              <Group gap="xs" wrap="wrap">
                {/* The words beside the switch say its state, and its name carries them too (what is seen is what is heard). */}
                <Switch
                  label={t(rule.enabled ? 'rules.on' : 'rules.off')}
                  checked={rule.enabled}
                  disabled={!mayEdit || toggle.isPending}
                  onChange={() => toggle.mutate(rule)}
                  aria-label={t(rule.enabled ? 'rules.switch_label' : 'rules.switch_label_off', { name: rule.name })}
                />
                {mayEdit && (
                  <>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('rules.move_up', { name: rule.name })}
                      disabled={n === 0 || move.isPending}
                      onClick={() => move.mutate({ n, by: -1 })}
                    >
                      <IconArrowUp size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('rules.move_down', { name: rule.name })}
                      disabled={n === list.length - 1 || move.isPending}
                      onClick={() => move.mutate({ n, by: 1 })}
                    >
                      <IconArrowDown size={18} />
                    </ActionIcon>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing(rule)}
                      aria-label={t('rules.edit_label', { name: rule.name })}
                    >
                      {t('rules.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(rule)}
                      aria-label={t('rules.delete_label', { name: rule.name })}
                    >
                      {t('rules.delete')}
                    </Button>
                  </>
                )}
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>

      {mayEdit && list.length > 0 && (
        <Card withBorder padding="sm">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('rules.dry_run.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('rules.dry_run.intro')}
            </Text>
            <Group align="flex-end" wrap="wrap">
              <NativeSelect
                label={t('rules.dry_run.source')}
                data={[
                  { value: 'shipments', label: t('rules.dry_run.sources.shipments') },
                  { value: 'ebay_orders', label: t('rules.dry_run.sources.ebay_orders') },
                ]}
                value={source}
                onChange={(e) => setSource(e.currentTarget.value as AutomationDryRunSource)}
              />
              <Button variant="outline" loading={dry.isPending} onClick={() => dry.mutate()}>
                {t('rules.dry_run.run')}
              </Button>
            </Group>
            {dry.error && <ErrorAlert error={dry.error} />}
            {dry.data && <DryRunPanel run={dry.data} />}
          </Stack>
        </Card>
      )}

      {editing && (
        <RuleEditor
          rule={editing === 'new' ? null : editing}
          rules={list}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            setEditing(null);
            await refresh();
            showNotice({ color: 'green', message: { key: 'rules.saved', params: { name: saved.name } } });
          }}
        />
      )}
      {deleting && (
        <ConfirmActionDialog
          title={t('rules.delete_title', { name: deleting.name })}
          warning={t('rules.delete_warning')}
          action={t('rules.delete')}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            await rulesApi.remove(deleting.id);
            setDeleting(null);
            await refresh();
            showNotice({ color: 'green', message: { key: 'rules.deleted', params: { name: deleting.name } } });
          }}
        />
      )}
    </Stack>
  );
}
