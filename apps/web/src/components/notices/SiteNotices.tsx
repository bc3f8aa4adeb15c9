import type { ActiveNotice } from '@freight/contracts';
import { Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { activeNoticesQuery } from './activeNotices';
import { NoticeBanner } from './NoticeBanner';

/**
 * The site notifications for the signed-in reader: every active notice meant for them, in their
 * language; an info notice can be closed. The guest pages show the outages (PublicNotices).
 */
export function SiteNotices() {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  const query = activeNoticesQuery(i18n.language);
  const key = query.queryKey;
  const notices = useQuery(query);
  const dismiss = useMutation({
    mutationFn: (id: string) => api.post(`/api/notifications/${encodeURIComponent(id)}/dismiss`, undefined, { keepalive: true }),
    // Gone at once; if the server did not take it (ended meanwhile, offline), the list is asked again.
    onMutate: (id) => client.setQueryData<ActiveNotice[]>(key, (old) => old?.filter((n) => n.id !== id)),
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
  if (!notices.data?.length) return null;
  return (
    <Stack gap="xs" mb="md">
      {notices.data.map((n) => (
        <NoticeBanner key={n.id} notice={n} onClose={n.dismissible ? () => dismiss.mutate(n.id) : undefined} />
      ))}
    </Stack>
  );
}
