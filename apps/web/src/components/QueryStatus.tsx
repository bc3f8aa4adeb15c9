import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './ErrorAlert';
import { LoadingSpinner } from './LoadingSpinner';

/**
 * What a screen shows while its data loads or when loading failed: a spinner, or the error.
 */
export function QueryStatus({ query }: { query: { isPending: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.isPending) return null;
  return <LoadingSpinner py="xl" label={t('common.loading')} />;
}
