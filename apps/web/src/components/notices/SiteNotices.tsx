import type { ActiveNotice, NoticeSeverity } from '@freight/contracts';
import { Alert, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';

export const NOTICE_COLORS: Record<NoticeSeverity, string> = { info: 'blue', warning: 'yellow', outage: 'red' };

/** One notice as a banner: its severity in words and color, the title and the text (plain text only). */
export function NoticeBanner({ notice, onClose }: { notice: Pick<ActiveNotice, 'severity' | 'title' | 'body'>; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={NOTICE_COLORS[notice.severity]}
      variant="light"
      title={`${t(`notices.severity.${notice.severity}`)}: ${notice.title}`}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel={t('notices.close')}
      onClose={onClose}
      role={notice.severity === 'outage' ? 'alert' : 'status'}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {notice.body}
      </Text>
    </Alert>
  );
}

/**
 * The site notifications for the reader: every active notice meant for them (signed in), or the
 * outages (`public`, on pages without login), in their language; an info notice can be closed.
 */
export function SiteNotices({ public: isPublic = false }: { public?: boolean }) {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  const path = isPublic ? '/api/public/notices' : '/api/notifications/active';
  const key = ['notices', path, i18n.language];
  const notices = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ data: ActiveNotice[] }>(path, { signal }).then((r) => r.data),
    refetchInterval: 5 * 60_000,
    retry: false,
  });
  const dismiss = useMutation({
    mutationFn: (id: string) => api.post(`/api/notifications/${encodeURIComponent(id)}/dismiss`),
    // Gone at once; if the server did not take it (ended meanwhile, offline), the list is asked again.
    onMutate: (id) => client.setQueryData<ActiveNotice[]>(key, (old) => old?.filter((n) => n.id !== id)),
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
  if (!notices.data?.length) return null;
  return (
    <Stack gap="xs" mb="md">
      {notices.data.map((n) => (
        <NoticeBanner key={n.id} notice={n} onClose={n.dismissible && !isPublic ? () => dismiss.mutate(n.id) : undefined} />
      ))}
    </Stack>
  );
}
