import { Anchor, Badge, Button, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Composer } from '../../../../components/chat/Composer';
import { MessageList } from '../../../../components/chat/MessageList';
import { STATE_COLOR, useMarkRead } from '../../../../components/chat/useMarkRead';
import { QueryStatus } from '../../../../components/QueryStatus';
import { useAuthUser } from '../../../../lib/auth';
import { paths } from '../../../../lib/paths';
import {
  assignConversation,
  assigneesQuery,
  inboxConversationQuery,
  STAFF_UPLOAD_PATH,
  SUPPORT_KEY,
  setConversationState,
  staffMarkRead,
  staffReply,
} from '../../api/supportApi';
import { CannedAnswers } from './CannedAnswers';
import { Clock } from './Clock';

/**
 * One conversation in the inbox: the account and the shipment or invoice it is about (a click
 * away), the assignee, the clocks, the thread with internal notes, and the reply box (a reply or
 * an internal note; canned answers in the customer's language); Resolve or Reopen.
 */
export function InboxConversation({ id }: { id: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(inboxConversationQuery(id));
  const assignees = useQuery(assigneesQuery());
  const me = useAuthUser()?.id;
  const [internal, setInternal] = useState(false);
  const [draft, setDraft] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: SUPPORT_KEY });
  const state = useMutation({ mutationFn: (action: 'resolve' | 'reopen') => setConversationState(id, action), onSuccess: refresh });
  const assign = useMutation({ mutationFn: (assignee: string | null) => assignConversation(id, assignee), onSuccess: refresh });
  useMarkRead(query.data?.unread ?? 0, () => staffMarkRead(id), refresh);
  const c = query.data;
  if (!c) return <QueryStatus query={query} />;
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {c.subject}
            </Title>
            <Text size="sm">
              <Anchor component={Link} to={paths.admin.account(c.account.id)}>
                {c.account.name}
              </Anchor>
              {' · '}
              {c.customer.name} ({c.customer.email}) · {t(`admin.support.language.${c.customer.language === 'es' ? 'es' : 'en'}`)}
            </Text>
            <Group gap="xs">
              <Badge variant="light">{t(`chat.categories.${c.category}`)}</Badge>
              <Badge variant="light" color={STATE_COLOR[c.state]} data-testid="conversation-state">
                {t(`admin.support.states.${c.state}`)}
              </Badge>
              {c.shipment && (
                <Anchor component={Link} to={paths.admin.shipment(c.shipment.id)} size="sm">
                  {t('admin.support.shipment_link', { bol: c.shipment.bol_number })}
                </Anchor>
              )}
              {c.invoice && (
                <Anchor component={Link} to={paths.admin.account(c.account.id)} size="sm">
                  {t('admin.support.invoice_link', { number: c.invoice.number })}
                </Anchor>
              )}
              {c.reference && !c.shipment && !c.invoice && <Text size="sm">{c.reference}</Text>}
            </Group>
          </Stack>
          <Stack gap={4} align="flex-end">
            <Select
              size="xs"
              aria-label={t('admin.support.assignee')}
              placeholder={t('admin.support.unassigned')}
              data={(assignees.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              value={c.assignee?.id ?? null}
              onChange={(v) => assign.mutate(v)}
              clearable
              w={200}
            />
            {me && c.assignee?.id !== me && (
              <Button size="xs" variant="subtle" onClick={() => assign.mutate(me)} loading={assign.isPending}>
                {t('admin.support.assign_me')}
              </Button>
            )}
            {c.state === 'resolved' ? (
              <Button size="xs" variant="default" onClick={() => state.mutate('reopen')} loading={state.isPending}>
                {t('admin.support.reopen')}
              </Button>
            ) : (
              <Button size="xs" color="green" onClick={() => state.mutate('resolve')} loading={state.isPending}>
                {t('admin.support.resolve')}
              </Button>
            )}
          </Stack>
        </Group>
        <Group gap="lg" mt="xs">
          <Clock label={t('admin.support.first_response')} minutes={c.first_response_minutes} running={!c.first_response_at} />
          {c.resolution_minutes !== null && <Clock label={t('admin.support.resolution')} minutes={c.resolution_minutes} running={false} />}
        </Group>
      </Paper>
      <MessageList messages={c.messages} mine={(m) => m.from_staff} otherSideReadAt={c.other_side_read_at} />
      <Paper withBorder p="sm" bg={internal ? 'yellow.0' : undefined}>
        <Composer
          uploadPath={STAFF_UPLOAD_PATH}
          label={internal ? t('admin.support.note_label') : t('admin.support.reply_label')}
          value={draft}
          onChange={setDraft}
          send={async (body, attachmentIds) => {
            await staffReply(id, body, attachmentIds, internal);
            await refresh();
          }}
          extra={
            <>
              <CannedAnswers language={c.customer.language} onPick={(body) => setDraft(draft ? `${draft}\n\n${body}` : body)} />
              <Switch
                size="sm"
                label={t('admin.support.internal')}
                checked={internal}
                onChange={(e) => setInternal(e.currentTarget.checked)}
              />
            </>
          }
        />
      </Paper>
    </Stack>
  );
}
