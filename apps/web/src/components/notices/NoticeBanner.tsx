import type { ActiveNotice, NoticeSeverity } from '@freight/contracts';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
