import { WEBHOOK_EVENT_TYPES, type WebhookEventTypeName, type WebhookView, webhookRequest } from '@freight/contracts';
import { Checkbox, Code, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ModalActions } from '../../../../components/ModalActions';
import { serverFieldErrors, zodErrors } from '../../../../lib/forms';
import { afterWebhookChange, webhookActions } from '../../api/partnerWebhooksApi';
import { isFormError } from '../fieldErrors';

interface Values {
  url: string;
  description: string;
  events: WebhookEventTypeName[];
  enabled: boolean;
}

/** A new webhook subscription of a partner; hands the answer (with its signing secret, shown once) to `onCreated`. */
export function WebhookDialog({
  partnerId,
  onClose,
  onCreated,
}: {
  partnerId: string;
  onClose: () => void;
  onCreated: (created: WebhookView) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm<Values>({ initialValues: { url: '', description: '', events: [], enabled: true } });
  const create = useMutation({
    mutationFn: (v: Values) => webhookActions.create(partnerId, v),
    onSuccess: async (created) => {
      onCreated(created);
      await afterWebhookChange(client, partnerId);
    },
    onError: (e) => form.setErrors(serverFieldErrors(e)),
  });
  const title = t('admin.webhooks.add_title');
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((v) => {
          const errors = zodErrors(webhookRequest, t, v);
          if (Object.keys(errors).length) form.setErrors(errors);
          else create.mutate(v);
        })}
      >
        <Stack gap="md">
          {isFormError(create.error) && <ErrorAlert error={create.error} />}
          <TextInput
            type="url"
            label={t('admin.webhooks.url')}
            description={t('admin.webhooks.url_hint')}
            placeholder="https://"
            withAsterisk
            maxLength={2000}
            {...form.getInputProps('url')}
          />
          <TextInput label={t('admin.webhooks.description')} maxLength={200} {...form.getInputProps('description')} />
          <Checkbox.Group
            label={t('admin.webhooks.events')}
            description={t('admin.webhooks.events_hint')}
            withAsterisk
            {...form.getInputProps('events')}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="sm">
              {WEBHOOK_EVENT_TYPES.map((e) => (
                <Checkbox key={e} value={e} label={<Code>{e}</Code>} description={t(`admin.webhooks.event_types.${e}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Checkbox label={t('admin.webhooks.enabled_now')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <ModalActions onCancel={onClose} submitLabel={t('admin.webhooks.create')} submitting={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
