import { type NotificationData, notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

/** A catalog key and its parameters: words looked up while they show, not when they were made. */
export interface NoticeWords {
  key: string;
  params?: Record<string, unknown>;
}

function Words({ words }: { words: NoticeWords }) {
  const { t } = useTranslation();
  return <>{t(words.key, words.params)}</>;
}

/**
 * A notice worded in the language on screen, even one that changes while it shows: a notice
 * made with a `t` of the moment stays in the language of that moment (the settings' 'Account
 * updated' came in English after a switch to Spanish, whose words were still on their way).
 */
export function showNotice({
  message,
  title,
  ...rest
}: Omit<NotificationData, 'message' | 'title'> & { message: NoticeWords; title?: NoticeWords }) {
  return notifications.show({ ...rest, message: <Words words={message} />, title: title && <Words words={title} /> });
}
