import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './ErrorAlert';
import { LoadingSpinner } from './LoadingSpinner';
import { PageHeader } from './PageHeader';

/**
 * What a screen shows while its data loads or when loading failed: a spinner, or the error. A page
 * whose title comes with its data (a carrier's name) gives `title`, a general one, shown above the
 * error: a page that could not load still says what it is, to the reader and in the tab's title.
 */
export function QueryStatus({ query, title }: { query: { isPending: boolean; error: unknown }; title?: string }) {
  const { t } = useTranslation();
  if (query.error) {
    return (
      <>
        {title !== undefined && <PageHeader title={title} />}
        <ErrorAlert error={query.error} />
      </>
    );
  }
  if (!query.isPending) return null;
  return <LoadingSpinner py="xl" label={t('common.loading')} />;
}
