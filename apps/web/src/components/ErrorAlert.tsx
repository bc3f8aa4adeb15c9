import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';

/** A failed call, said plainly, with what to do next. */
export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  let message = t('common.unexpected_error');
  let reasons: string[] = [];
  if (isApiError(error)) {
    if (error.status === 0) message = t('common.network_error');
    else if (error.status === 429 && typeof error.body.message !== 'string' && error.retryAfter !== null)
      message = t('errors.too_many_requests', { seconds: error.retryAfter });
    else if (error.status >= 500) message = t('errors.server_error', { requestId: String(error.body.request_id ?? '-') });
    else message = error.message;
    reasons = error.reasons.filter((r) => r !== message); // the first reason is usually the message itself
  }
  return (
    <Alert color="red" title={title} role="alert">
      {message}
      {reasons.length > 0 && (
        <List size="sm" mt="xs">
          {reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
