import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './ErrorAlert';

/**
 * What a screen shows while its data loads or when loading failed: a spinner, or the error. The
 * spinner says it is loading (progressbar, aria-busy), for a screen reader and for the scenarios'
 * accessibility check, which does not ask a page still loading for its title.
 */
export function QueryStatus({ query }: { query: { isPending: boolean; error: unknown } }) {
  const { t } = useTranslation();
  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.isPending) return null;
  return (
    <Center py="xl" role="progressbar" aria-busy="true" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
