import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/QueryStatus';
import type { SupportTopic } from '../../../lib/support';
import { conversationsKey, listConversations } from '../api/supportApi';
import { ConversationList } from './ConversationList';
import { ConversationThread } from './ConversationThread';
import type { ChatView } from './chatView';
import { NewConversationForm } from './NewConversationForm';

/**
 * The chat with support: the customer's conversations, a new one, or one thread. Opened from a
 * page about a shipment or an invoice, it starts on a new conversation filled in from it.
 */
export function ChatPanel({ topic, view, onView }: { topic: SupportTopic; view: ChatView; onView: (view: ChatView) => void }) {
  const { t } = useTranslation();
  const list = useQuery({ queryKey: conversationsKey, queryFn: listConversations });
  const back = (
    <Button variant="subtle" size="xs" onClick={() => onView({ kind: 'list' })}>
      {t('support_chat.all_conversations')}
    </Button>
  );
  if (view.kind === 'new')
    return (
      <NewConversationForm topic={topic} onOpened={(id) => onView({ kind: 'thread', id })} onCancel={() => onView({ kind: 'list' })} />
    );
  if (view.kind === 'thread') {
    return (
      <Stack gap="sm">
        <Group>{back}</Group>
        <ConversationThread id={view.id} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('support_chat.intro')}
        </Text>
        <Button size="xs" onClick={() => onView({ kind: 'new' })}>
          {t('support_chat.new')}
        </Button>
      </Group>
      {list.data ? (
        <ConversationList conversations={list.data.data} onOpen={(id) => onView({ kind: 'thread', id })} />
      ) : (
        <QueryStatus query={list} />
      )}
    </Stack>
  );
}
