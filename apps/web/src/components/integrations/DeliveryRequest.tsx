import type { WebhookDeliveryView } from '@freight/contracts';
import { Code, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The request a delivery sent, read-only: its JSON body as it went (every attempt and replay sends
 * the same body), its event id, and one line on the signature headers that came with it, so a
 * receiver's developer can compare it with what arrived. Shown in the log's row rather than in a
 * dialog: the log itself sits in a drawer or dialog, and a second one on top would close both on
 * Escape.
 */
export function DeliveryRequest({ id, delivery }: { id: string; delivery: WebhookDeliveryView }) {
  const { t } = useTranslation();
  const word = (key: string) => t(`integrations.deliveries.${key}`);
  return (
    <Stack gap="xs" id={id} py="xs">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {word('event_id')}
        </Text>
        <Code>{delivery.event_id}</Code>
      </Group>
      <Text size="xs" c="dimmed" maw={880}>
        {word('headers')}
      </Text>
      <ScrollArea.Autosize mah={360}>
        <Code block aria-label={word('body')}>
          {JSON.stringify(delivery.payload, null, 2)}
        </Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}
