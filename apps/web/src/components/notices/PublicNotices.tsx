import type { ActiveNotice } from '@freight/contracts';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useLookup } from '../../lib/useLookup';
import { NoticeBanner } from './NoticeBanner';

/** GET /api/public/notices; the key is the language, which every call sends (Accept-Language) for the server to word them. */
const getPublicNotices = (_language: string, signal: AbortSignal) =>
  api.get<{ data: ActiveNotice[] }>('/api/public/notices', { signal, skipAuthRedirect: true }).then((r) => r.data);

/** The outages, on the guest pages (no login), in the reader's language. */
export function PublicNotices() {
  const { i18n } = useTranslation();
  const notices = useLookup(i18n.language, getPublicNotices);
  if (!notices.data?.length) return null;
  return (
    <Stack gap="xs" mb="md">
      {notices.data.map((n) => (
        <NoticeBanner key={n.id} notice={n} />
      ))}
    </Stack>
  );
}
