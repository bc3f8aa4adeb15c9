import type { WebhookView } from '@freight/contracts';
import { Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { CodeBadges } from '../../../../components/integrations/CodeChoices';
import { ShownOnceSecretModal, type ShownSecret, signingSecret } from '../../../../components/integrations/ShownOnceSecret';
import { WebhookFormModal } from '../../../../components/integrations/WebhookFormModal';
import { ActionsTh } from '../../../../components/list/ActionsTh';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/useFormat';
import { afterWebhookChange, partnerWebhooksQuery, webhookActions } from '../../api/partnerWebhooksApi';
import { WebhookDeliveries } from './WebhookDeliveries';

/**
 * A partner's webhook subscriptions: where events go and which, whether each works; add one (its
 * signing secret shown once), switch it on or off, delete it, and read its deliveries.
 */
export function PartnerWebhooks({ partnerId }: { partnerId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const query = useQuery(partnerWebhooksQuery(partnerId));
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [viewing, setViewing] = useState<WebhookView | null>(null);
  const onChanged = () => afterWebhookChange(client, partnerId);
  const toggle = useMutation({
    mutationFn: (w: WebhookView) => webhookActions.update(partnerId, w, { enabled: !w.enabled }),
    onSuccess: onChanged,
  });
  const remove = useMutation({ mutationFn: (w: WebhookView) => webhookActions.remove(partnerId, w.id), onSuccess: onChanged });
  const confirmRemove = (w: WebhookView) =>
    modals.openConfirmModal({
      title: t('admin.webhooks.delete_title'),
      children: <Text size="sm">{t('admin.webhooks.delete_body', { url: w.url })}</Text>,
      labels: { confirm: t('admin.webhooks.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(w),
    });
  const webhooks = query.data ?? [];
  const never = t('admin.partners.never');

  return (
    <Section title={t('admin.webhooks.title')}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text size="sm" c="dimmed" maw={640}>
            {t('admin.webhooks.intro')}
          </Text>
          <Button variant="light" onClick={() => setAdding(true)} style={{ flexShrink: 0 }}>
            {t('admin.webhooks.add')}
          </Button>
        </Group>
        <ErrorAlert error={toggle.error ?? remove.error} />
        <QueryStatus query={query} />
        {query.data && webhooks.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('admin.webhooks.none')}
          </Text>
        )}
        {webhooks.length > 0 && (
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm">
              <Table.Caption>{t('admin.webhooks.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.webhooks.url')}</Table.Th>
                  <Table.Th>{t('admin.webhooks.events')}</Table.Th>
                  <Table.Th>{t('admin.webhooks.last_success')}</Table.Th>
                  <Table.Th>{t('admin.webhooks.last_failure')}</Table.Th>
                  <Table.Th>{t('admin.webhooks.enabled')}</Table.Th>
                  <ActionsTh />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {webhooks.map((w) => (
                  <Table.Tr key={w.id}>
                    <Table.Td maw={320}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {w.url}
                      </Text>
                      {w.description && (
                        <Text size="xs" c="dimmed">
                          {w.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <CodeBadges names={w.events} maw={280} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{w.last_success_at ? fmt.dateTime(w.last_success_at) : never}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{w.last_failure_at ? fmt.dateTime(w.last_failure_at) : never}</Table.Td>
                    <Table.Td>
                      <Switch
                        checked={w.enabled}
                        disabled={toggle.isPending && toggle.variables?.id === w.id}
                        onChange={() => toggle.mutate(w)}
                        aria-label={t('admin.webhooks.enabled_named', { url: w.url })}
                      />
                      {w.disabled_reason === 'failing' && (
                        <Text size="xs" c="red" mt={4}>
                          {t('admin.webhooks.off_failing')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => setViewing(w)}
                          aria-label={t('admin.webhooks.deliveries_named', { url: w.url })}
                        >
                          {t('admin.webhooks.deliveries')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          loading={remove.isPending && remove.variables?.id === w.id}
                          onClick={() => confirmRemove(w)}
                          aria-label={t('admin.webhooks.delete_named', { url: w.url })}
                        >
                          {t('admin.webhooks.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {adding && (
        <WebhookFormModal
          title={t('admin.webhooks.add_title')}
          webhook={null}
          save={(body) => webhookActions.create(partnerId, body)}
          onSaved={(created) => {
            setAdding(false);
            if (created.secret) setShown(signingSecret(t, created.secret, { subject: created.url }));
            void onChanged();
          }}
          onClose={() => setAdding(false)}
        />
      )}
      <ShownOnceSecretModal secret={shown} onClose={() => setShown(null)} />
      {viewing && <WebhookDeliveries partnerId={partnerId} webhook={viewing} onClose={() => setViewing(null)} />}
    </Section>
  );
}
