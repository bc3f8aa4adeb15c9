import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { useSupport } from '../../../lib/support';
import { ChatPanel } from '../components/ChatPanel';
import type { ChatView } from '../components/chatView';

/**
 * Support conversations as a page (/support, /support/:id): where the unread-reply mail leads,
 * the same chat as the dialog.
 */
export function SupportRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { topic } = useSupport();
  const view: ChatView = id ? { kind: 'thread', id } : { kind: 'list' };
  const onView = (next: ChatView) => {
    if (next.kind === 'thread') navigate(`/support/${encodeURIComponent(next.id)}`);
    else if (next.kind === 'list') navigate('/support');
    else navigate('/support/new');
  };
  const isNew = id === 'new';
  return (
    <>
      <PageHeader title={t('support_chat.page_title')} />
      <Paper withBorder p="md" maw={760}>
        <ChatPanel topic={topic} view={isNew ? { kind: 'new' } : view} onView={onView} />
      </Paper>
    </>
  );
}
