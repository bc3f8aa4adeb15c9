import type { SupportLiveEvent } from '@freight/contracts';
import { ActionIcon, Button, Drawer, Indicator, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadWhenFirstNeeded } from '../../../components/LoadWhenFirstNeeded';
import { useLiveEvents } from '../../../lib/liveEvents';
import { useSupport } from '../../../lib/support';
import { conversationKey, conversationsKey, listConversations, STREAM_PATH, SUPPORT_KEY } from '../api/supportApi';
import { type ChatView, startView } from './chatView';

// Loaded when the chat first opens: its forms (a select, a text area, the attachment button) would
// otherwise come with every customer page, most of whose visits never open it. Pointing at the
// button or focusing it starts the download, so the chat is usually there by the click.
const loadChatPanel = () => import('./ChatPanel');
const ChatPanel = lazy(() => loadChatPanel().then((m) => ({ default: m.ChatPanel })));
const prefetch = () => void loadChatPanel().catch(() => undefined);
const prefetchOnIntent = { onPointerEnter: prefetch, onFocus: prefetch };

/**
 * The support button in every customer page's header, with the count of unread replies, and the
 * chat dialog it opens. In the header it covers no field or button of the page, as a button
 * floating over the page did on a phone; below the sm breakpoint it is an icon. It holds the live stream: each event refreshes what it touches, so replies
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
  const panel = useRef<HTMLDivElement>(null);
  // A new view (the list, a new conversation, a thread) replaces the button that opened it, and
  // focus fell out of the chat to the page: it goes to the new view's first control instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new view.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    panel.current?.querySelector<HTMLElement>('button:not(:disabled), a[href], input:not(:disabled), textarea, select')?.focus();
  }, [view]);

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

  const theme = useMantineTheme();
  // Read at once, so a phone never paints the wide button first.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });
  const unreadLabel = unread ? t('support_chat.button_unread', { count: unread }) : undefined;
  const icon = <IconMessageCircle size={18} stroke={1.8} aria-hidden />;
  return (
    <>
      <Indicator label={unread} size={18} disabled={unread === 0} color="red" offset={4}>
        {wide ? (
          <Button variant="light" radius="xl" onClick={open} {...prefetchOnIntent} leftSection={icon} aria-label={unreadLabel}>
            {t('support_chat.button')}
          </Button>
        ) : (
          <ActionIcon
            variant="light"
            radius="xl"
            size="lg"
            onClick={open}
            {...prefetchOnIntent}
            aria-label={unreadLabel ?? t('support_chat.button')}
          >
            {icon}
          </ActionIcon>
        )}
      </Indicator>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="md" title={t('support_chat.title')}>
        <div ref={panel}>
          <LoadWhenFirstNeeded needed={opened}>
            <ChatPanel topic={topic} view={view} onView={setView} />
          </LoadWhenFirstNeeded>
        </div>
      </Drawer>
    </>
  );
}
