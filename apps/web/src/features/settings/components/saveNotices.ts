import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { showNotice } from '../../../components/notices/showNotice';
import { setServerErrors } from '../../../lib/forms';

/** The spec's success notice for every settings form ('Account updated'), in the language on screen (a switch included). */
export function notifyAccountUpdated() {
  showNotice({ color: 'green', message: { key: 'settings.account_updated' } });
}

/** A failed save: the server's field messages at their fields, and 'Error updating account'. */
export function reportSaveFailure(form: Parameters<typeof setServerErrors>[0], error: unknown, t: TFunction) {
  setServerErrors(form, error);
  notifications.show({ color: 'red', message: t('settings.update_failed') });
}
