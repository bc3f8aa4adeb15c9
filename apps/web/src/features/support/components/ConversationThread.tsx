import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAnnounceArrival } from '../../../components/a11y/useAnnounce';
import { Composer } from '../../../components/chat/Composer';
import { MessageList } from '../../../components/chat/MessageList';
import { STATE_COLOR, useMarkRead } from '../../../components/chat/useMarkRead';
import { QueryStatus } from '../../../components/QueryStatus';
import { conversationKey, getConversation, markRead, reopenConversation, SUPPORT_KEY, sendMessage, UPLOAD_PATH } from '../api/supportApi';

/**
 * One conversation: its messages (staff replies arrive live: the launcher's stream refreshes
 * it), the read mark, the message box, and Reopen once it is resolved. Seeing staff replies marks
 * them read, which staff see.
 */
export function ConversationThread({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: conversationKey(id), queryFn: () => getConversation(id) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
  const reopen = useMutation({ mutationFn: () => reopenConversation(id), onSuccess: refresh });
  useMarkRead(query.data?.unread ?? 0, () => markRead(id), refresh);
  const c = query.data;
  const reply = c?.messages.filter((m) => m.from_staff).at(-1);
  useAnnounceArrival(reply ? t('announce.chat_reply', { text: reply.body }) : null, reply?.id);
  if (!c) return <QueryStatus query={query} />;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" color={STATE_COLOR[c.state]}>
          {t(`chat.states.${c.state}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {t(`chat.categories.${c.category}`)}
          {c.reference ? ` · ${c.reference}` : ''}
        </Text>
      </Group>
      <MessageList messages={c.messages} mine={(m) => !m.from_staff} otherSideReadAt={c.other_side_read_at} />
      {c.state === 'resolved' && (
        <Alert color="gray" variant="light">
          <Group justify="space-between">
            <Text size="sm">{t('support_chat.resolved_hint')}</Text>
            <Button size="xs" variant="default" onClick={() => reopen.mutate()} loading={reopen.isPending}>
              {t('support_chat.reopen')}
            </Button>
          </Group>
        </Alert>
      )}
      <Composer
        uploadPath={UPLOAD_PATH}
        label={t('support_chat.reply')}
        send={async (body, attachmentIds) => {
          await sendMessage(id, body, attachmentIds);
          await refresh();
        }}
      />
    </Stack>
  );
}
