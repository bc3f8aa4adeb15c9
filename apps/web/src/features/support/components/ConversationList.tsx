import type { AccountConversationSummary } from '@freight/contracts';
import { Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATE_COLOR } from '../../../components/chat/useMarkRead';
import { useFormat } from '../../../lib/useFormat';

/** The account's conversations, newest activity first, each with its state, unread replies and who opened it. */
export function ConversationList({ conversations, onOpen }: { conversations: AccountConversationSummary[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (conversations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('support_chat.none_yet')}
      </Text>
    );
  }
  return (
    <Stack gap={0} role="list" aria-label={t('support_chat.conversations')}>
      {conversations.map((c) => (
        // The row is a list item holding a button: a button given the list item's role is no
        // longer announced as something to press.
        <Box key={c.id} role="listitem" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <UnstyledButton onClick={() => onOpen(c.id)} p="xs" w="100%" data-testid="conversation-row">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              {/* One line here; the whole subject in its title, and its message whole in the conversation. */}
              <Text size="sm" fw={c.unread ? 700 : 500} lineClamp={1} title={c.subject}>
                {c.subject}
              </Text>
              {c.unread > 0 && (
                <Badge size="sm" circle aria-label={t('support_chat.unread', { count: c.unread })}>
                  {c.unread}
                </Badge>
              )}
            </Group>
            <Group gap={6} mt={2}>
              <Badge size="xs" variant="light" color={STATE_COLOR[c.state]}>
                {t(`chat.states.${c.state}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t(`chat.categories.${c.category}`)}
                {c.reference ? ` · ${c.reference}` : ''} · {f.dateTime(c.last_message_at)}
                {c.opened_by ? ` · ${t('support_chat.opened_by', { name: c.opened_by.name })}` : ''}
              </Text>
            </Group>
          </UnstyledButton>
        </Box>
      ))}
    </Stack>
  );
}
