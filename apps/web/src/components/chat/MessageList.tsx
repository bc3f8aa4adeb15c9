import type { SupportMessageView } from '@freight/contracts';
import { Anchor, Badge, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/useFormat';
import { MessageText } from './MessageText';

const isImage = (type: string) => type.startsWith('image/');

/**
 * A conversation's messages, the reader's own on the right. `mine` tells which side wrote a
 * message; the reader's last message carries a read mark once the other side has read it.
 */
export function MessageList({
  messages,
  mine,
  otherSideReadAt,
}: {
  messages: SupportMessageView[];
  mine: (m: SupportMessageView) => boolean;
  otherSideReadAt: string | null;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message arrives
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);
  const lastMine = [...messages].reverse().find((m) => mine(m) && !m.internal);
  const read = lastMine && otherSideReadAt && otherSideReadAt >= lastMine.created_at;
  return (
    <Stack gap="xs" role="log" aria-live="polite" aria-label={t('chat.messages')}>
      {messages.map((m) => {
        const own = mine(m);
        return (
          <Stack key={m.id} gap={2} align={own ? 'flex-end' : 'flex-start'}>
            <Paper
              p="xs"
              radius="md"
              maw="85%"
              bg={m.internal ? 'yellow.0' : own ? 'blue.0' : 'gray.0'}
              withBorder={m.internal}
              data-testid="chat-message"
            >
              <Group gap={6} mb={2} wrap="nowrap">
                <Text size="xs" fw={600}>
                  {m.author || t(m.from_staff ? 'chat.support_team' : 'chat.customer')}
                </Text>
                {m.internal && (
                  <Badge size="xs" color="yellow" variant="light">
                    {t('chat.internal_note')}
                  </Badge>
                )}
              </Group>
              <MessageText text={m.body} />
              {m.attachments.length > 0 && (
                <Stack gap={4} mt={6}>
                  {m.attachments.map((a) =>
                    isImage(a.content_type) ? (
                      <Anchor key={a.id} href={a.url} target="_blank" rel="noopener noreferrer">
                        <Image src={a.url} alt={a.file_name} mah={160} w="auto" fit="contain" radius="sm" />
                      </Anchor>
                    ) : (
                      <Anchor key={a.id} href={a.url} size="sm" download={a.file_name}>
                        {t('chat.attachment_link', { name: a.file_name, size: f.number(Math.max(1, Math.round(a.size / 1024))) })}
                      </Anchor>
                    ),
                  )}
                </Stack>
              )}
            </Paper>
            <Text size="xs" c="dimmed">
              {f.dateTime(m.created_at)}
              {m === lastMine && read ? ` · ${t('chat.read')}` : ''}
            </Text>
          </Stack>
        );
      })}
      <div ref={end} />
    </Stack>
  );
}
