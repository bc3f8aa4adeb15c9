import { WEBHOOK_EVENT_TYPES, type WebhookEventTypeName, type WebhookRequest, type WebhookView, webhookRequest } from '@freight/contracts';
import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ModalActions } from '../../../../components/ModalActions';
import { setServerErrors, zodErrors } from '../../../../lib/forms';
import { API_ACCESS_KEY, createWebhook, updateWebhook } from '../../api/apiAccessApi';
import { CodeChoices, eventHint } from './CodeChoices';
import { FormFailure } from './FormFailure';

type Values = { url: string; description: string; events: WebhookEventTypeName[]; enabled: boolean };

/**
 * Add or edit a webhook: its URL, a description and the events it receives, each explained.
 * A new webhook's answer carries its signing secret, which `onCreated` shows once.
 */
export function WebhookFormModal({
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
  const form = useForm<Values>({
    initialValues: webhook
      ? { url: webhook.url, description: webhook.description, events: webhook.events, enabled: webhook.enabled }
      : { url: '', description: '', events: [], enabled: true },
    validate: (v) => zodErrors(webhookRequest, t, v),
  });
  const save = useMutation({
    mutationFn: (body: WebhookRequest) => (webhook ? updateWebhook(webhook.id, body) : createWebhook(body)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: API_ACCESS_KEY });
      if (!webhook) return onCreated(saved);
      notifications.show({ color: 'green', message: t('settings.api.webhooks.saved') });
      onClose();
    },
    onError: (error) => setServerErrors(form, error),
  });
  const word = (key: string) => t(`settings.api.webhooks.form.${key}`);
  return (
    <Modal opened onClose={onClose} title={word(webhook ? 'edit_title' : 'add_title')} size="lg" centered>
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack>
          <TextInput
            type="url"
            label={word('url')}
            description={word('url_hint')}
            placeholder="https://"
            required
            maxLength={2000}
            data-autofocus
            {...form.getInputProps('url')}
          />
          <TextInput
            label={word('description')}
            description={word('description_hint')}
            maxLength={200}
            {...form.getInputProps('description')}
          />
          <CodeChoices<WebhookEventTypeName>
            label={word('events')}
            required
            options={WEBHOOK_EVENT_TYPES}
            hint={eventHint}
            {...form.getInputProps('events')}
          />
          <Switch label={word('enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <FormFailure error={save.error} />
          <ModalActions onCancel={onClose} submitLabel={word(webhook ? 'submit_edit' : 'submit_add')} submitting={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
