import type { WebhookView } from '@freight/contracts';
import { Badge, Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { CodeBadges } from '../../../../components/integrations/CodeChoices';
import { ShownOnceSecretModal, type ShownSecret, signingSecret } from '../../../../components/integrations/ShownOnceSecret';
import { WebhookFormModal } from '../../../../components/integrations/WebhookFormModal';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { isApiError } from '../../../../lib/api';
import { useFormat } from '../../../../lib/useFormat';
import { API_ACCESS_KEY, createWebhook, deleteWebhook, rotateWebhookSecret, updateWebhook, webhooksQuery } from '../../api/apiAccessApi';
import { ConfirmModal } from './ConfirmModal';
import { SignatureNote } from './SignatureNote';
import { WebhookDeliveriesDrawer } from './WebhookDeliveriesDrawer';

type Dialog = { kind: 'form'; webhook: WebhookView | null } | { kind: 'delete' | 'rotate'; webhook: WebhookView } | null;

/** The account's webhooks: the list with each one's health, add, edit, switch, rotate, delete, and its deliveries. */
export function WebhooksSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const webhooks = useQuery(webhooksQuery());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<WebhookView | null>(null);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const close = () => setDialog(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_ACCESS_KEY });
  const showSecret = (title: string) => (webhook: WebhookView) => {
    close();
    setShown(signingSecret(t, webhook.secret ?? '', { title }));
  };
  const remove = useMutation({
    mutationFn: (webhook: WebhookView) => deleteWebhook(webhook.id),
    onSuccess: () => {
      void refresh();
      close();
      notifications.show({ color: 'green', message: t('settings.api.webhooks.deleted') });
    },
  });
  const rotate = useMutation({
    mutationFn: (webhook: WebhookView) => rotateWebhookSecret(webhook.id),
    onSuccess: (answer) => {
      void refresh();
      showSecret(t('settings.api.webhooks.rotated_title'))(answer);
    },
  });
  const confirm = (kind: 'delete' | 'rotate', webhook: WebhookView) => {
    (kind === 'delete' ? remove : rotate).reset();
    setDialog({ kind, webhook });
  };
  const list = webhooks.data;
  return (
    <Section title={t('settings.api.webhooks.title')}>
      <Stack>
        <Group justify="space-between" align="flex-start" gap="md">
          <Text size="sm" c="dimmed" maw={640}>
            {t('settings.api.webhooks.intro')}
          </Text>
          {list && <Button onClick={() => setDialog({ kind: 'form', webhook: null })}>{t('settings.api.webhooks.add')}</Button>}
        </Group>
        {webhooks.error ? (
          <ErrorAlert error={webhooks.error} title={t('settings.api.webhooks.unavailable')} />
        ) : (
          <QueryStatus query={webhooks} />
        )}
        {list?.length === 0 && <Text size="sm">{t('settings.api.webhooks.empty')}</Text>}
        {list && list.length > 0 && (
          <WebhooksTable
            webhooks={list}
            onDeliveries={setDeliveriesOf}
            onEdit={(webhook) => setDialog({ kind: 'form', webhook })}
            onRotate={(webhook) => confirm('rotate', webhook)}
            onDelete={(webhook) => confirm('delete', webhook)}
          />
        )}
        <SignatureNote />
      </Stack>
      {dialog?.kind === 'form' && (
        <WebhookForm webhook={dialog.webhook} onClose={close} onCreated={showSecret(t('settings.api.webhooks.created_title'))} />
      )}
      {dialog?.kind === 'rotate' && (
        <ConfirmModal
          title={t('settings.api.webhooks.rotate_confirm.title')}
          body={t('settings.api.webhooks.rotate_confirm.body')}
          confirmLabel={t('settings.api.webhooks.rotate_confirm.submit')}
          color="orange"
          onCancel={close}
          onConfirm={() => rotate.mutate(dialog.webhook)}
          pending={rotate.isPending}
          error={rotate.error}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          title={t('settings.api.webhooks.delete_confirm.title')}
          body={t('settings.api.webhooks.delete_confirm.body', { url: dialog.webhook.url })}
          confirmLabel={t('settings.api.webhooks.delete_confirm.submit')}
          onCancel={close}
          onConfirm={() => remove.mutate(dialog.webhook)}
          pending={remove.isPending}
          error={remove.error}
        />
      )}
      <WebhookDeliveriesDrawer webhook={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
      <ShownOnceSecretModal secret={shown} onClose={() => setShown(null)} />
    </Section>
  );
}

/** The account's own webhook form: a new one's answer carries its signing secret, which `onCreated` shows once. */
function WebhookForm({
  webhook,
  onClose,
  onCreated,
}: {
  webhook: WebhookView | null;
  onClose: () => void;
  onCreated: (created: WebhookView) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <WebhookFormModal
      title={t(webhook ? 'settings.api.webhooks.edit_title' : 'settings.api.webhooks.add_title')}
      webhook={webhook}
      save={(body) => (webhook ? updateWebhook(webhook.id, body) : createWebhook(body))}
      onSaved={(saved) => {
        void queryClient.invalidateQueries({ queryKey: API_ACCESS_KEY });
        if (!webhook) return onCreated(saved);
        notifications.show({ color: 'green', message: t('settings.api.webhooks.saved') });
        onClose();
      }}
      onClose={onClose}
    />
  );
}

type RowActions = Record<'onDeliveries' | 'onEdit' | 'onRotate' | 'onDelete', (webhook: WebhookView) => void>;

function WebhooksTable({ webhooks, ...actions }: { webhooks: WebhookView[] } & RowActions) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {['url', 'events', 'enabled', 'health', 'actions'].map((key) => (
              <Table.Th key={key}>{t(`settings.api.webhooks.columns.${key}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {webhooks.map((w) => (
            <WebhookRow key={w.id} webhook={w} {...actions} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WebhookRow({ webhook: w, onDeliveries, onEdit, onRotate, onDelete }: { webhook: WebhookView } & RowActions) {
  const { t } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => updateWebhook(w.id, { url: w.url, description: w.description, events: w.events, enabled }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_ACCESS_KEY }),
    onError: (error) => notifications.show({ color: 'red', message: isApiError(error) ? error.message : t('common.unexpected_error') }),
  });
  const word = (key: string) => t(`settings.api.webhooks.${key}`);
  const when = (at: string | null) => (at ? f.dateTime(at) : t('settings.api.never'));
  return (
    <Table.Tr>
      <Table.Td maw={320}>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {w.url}
        </Text>
        {w.description && (
          <Text size="xs" c="dimmed">
            {w.description}
          </Text>
        )}
        {w.created_by && (
          <Text size="xs" c="dimmed">
            {t('settings.api.webhooks.created_by', { name: w.created_by.name })}
          </Text>
        )}
        {w.disabled_reason === 'failing' && (
          <Badge color="red" variant="light" mt={4}>
            {word('failing')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td maw={280}>
        <CodeBadges names={w.events} />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={t('settings.api.webhooks.enabled_label', { url: w.url })}
          checked={toggle.isPending ? Boolean(toggle.variables) : w.enabled}
          disabled={toggle.isPending}
          onChange={(e) => toggle.mutate(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        {w.last_success_at || w.last_failure_at ? (
          <>
            <Text size="xs" c={w.last_success_at ? 'green.8' : 'dimmed'}>
              {t('settings.api.webhooks.last_success', { when: when(w.last_success_at) })}
            </Text>
            <Text size="xs" c={w.last_failure_at ? 'red.8' : 'dimmed'}>
              {t('settings.api.webhooks.last_failure', { when: when(w.last_failure_at) })}
            </Text>
          </>
        ) : (
          <Text size="xs" c="dimmed">
            {word('nothing_sent')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          <Button size="xs" variant="light" onClick={() => onDeliveries(w)}>
            {word('deliveries')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onEdit(w)}>
            {word('edit')}
          </Button>
          <Button size="xs" variant="subtle" color="orange" onClick={() => onRotate(w)}>
            {word('rotate_secret')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(w)}>
            {word('delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
