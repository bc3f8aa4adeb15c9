import { type WebhookEventTypeName, type WebhookRequest, type WebhookView, webhookRequest } from '@freight/contracts';
import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { setServerErrors, zodErrors } from '../../lib/forms';
import { FormAlert } from '../FormAlert';
import { ModalActions } from '../ModalActions';
import { EventChoices } from './CodeChoices';

type Values = { url: string; description: string; events: WebhookEventTypeName[]; enabled: boolean };

/**
 * Add a webhook (`webhook` null) or edit one: its URL, a description and the events it receives,
 * each explained. `save` is the screen's own call; its answer goes to `onSaved` (a new webhook's
 * answer carries its signing secret, to be shown once).
 */
export function WebhookFormModal({
  title,
  webhook,
  save,
  onSaved,
  onClose,
}: {
  title: string;
  webhook: WebhookView | null;
  save: (body: WebhookRequest) => Promise<WebhookView>;
  onSaved: (saved: WebhookView) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: webhook
      ? { url: webhook.url, description: webhook.description, events: webhook.events, enabled: webhook.enabled }
      : { url: '', description: '', events: [], enabled: true },
    validate: (v) => zodErrors(webhookRequest, t, v),
  });
  const saving = useMutation({ mutationFn: save, onSuccess: onSaved, onError: (error) => setServerErrors(form, error) });
  const word = (key: string) => t(`integrations.webhook_form.${key}`);
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <form noValidate aria-label={title} onSubmit={form.onSubmit((v) => saving.mutate(v))}>
        <Stack>
          <TextInput
            type="url"
            label={word('url')}
            description={word('url_hint')}
            placeholder="https://"
            withAsterisk
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
          <EventChoices {...form.getInputProps('events')} />
          <Switch label={word('enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <FormAlert error={saving.error} fields={form} />
          <ModalActions onCancel={onClose} submitLabel={word(webhook ? 'submit_edit' : 'submit_add')} submitting={saving.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
