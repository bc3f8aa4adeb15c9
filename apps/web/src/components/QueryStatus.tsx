import { Center, Loader } from '@mantine/core';
import { ErrorAlert } from './ErrorAlert';

/** What a screen shows while its data loads or when loading failed: a spinner, or the error. */
export function QueryStatus({ query }: { query: { isPending: boolean; error: unknown } }) {
  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.isPending) return null;
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}
