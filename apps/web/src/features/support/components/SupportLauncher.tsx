import type { SupportLiveEvent } from '@freight/contracts';
import { Affix, Button, Drawer, Indicator } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveEvents } from '../../../lib/liveEvents';
import { useSupport } from '../../../lib/support';
import { conversationKey, conversationsKey, listConversations, STREAM_PATH, SUPPORT_KEY } from '../api/supportApi';
import { ChatPanel, type ChatView, startView } from './ChatPanel';

/**
 * The support button on every customer page, with the count of unread replies, and the chat
 * dialog it opens. It holds the live stream: each event refreshes what it touches, so replies
 * appear in an open window without a reload.
 */
export function SupportLauncher() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { topic, registerChat } = useSupport();
  const [opened, setOpened] = useState(false);
  const [view, setView] = useState<ChatView>({ kind: 'list' });
  const list = useQuery({ queryKey: conversationsKey, queryFn: listConversations });
  const unread = list.data?.meta.unread ?? 0;

  const open = useCallback(() => {
    setView(startView(topic));
    setOpened(true);
  }, [topic]);
  useEffect(() => {
    registerChat(open);
    return () => registerChat(null);
  }, [open, registerChat]);

  useLiveEvents<SupportLiveEvent>(STREAM_PATH, true, {
    onEvent: (event) => {
      void queryClient.invalidateQueries({ queryKey: conversationKey(event.conversation_id) });
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
    onReady: () => void queryClient.invalidateQueries({ queryKey: SUPPORT_KEY }),
  });

  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
        <Indicator label={unread} size={18} disabled={unread === 0} color="red" offset={4}>
          <Button radius="xl" size="md" onClick={open} aria-label={unread ? t('support_chat.button_unread', { count: unread }) : undefined}>
            {t('support_chat.button')}
          </Button>
        </Indicator>
      </Affix>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="md" title={t('support_chat.title')}>
        <ChatPanel topic={topic} view={view} onView={setView} />
      </Drawer>
    </>
  );
}
