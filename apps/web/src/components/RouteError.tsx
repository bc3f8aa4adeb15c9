import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reloadForNewBuild } from '../app/newBuild';
import { NotFound } from './NotFound';

/** Last line of defence for a route that throws while rendering. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The reader sees only that something went wrong; the console keeps what, for whoever looks.
  useEffect(() => {
    if (notFound) return;
    console.error('Route error:', error);
    // A file of an older build, gone since a deploy: the page loaded again brings the new one.
    reloadForNewBuild(error);
  }, [error, notFound]);
  if (notFound) return <NotFound />;
  return (
    <Stack p="xl" role="alert">
      <Title order={1} size="h2">
        {t('app.error_title')}
      </Title>
      <Text>{t('app.error_body')}</Text>
      <div>
        <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
      </div>
    </Stack>
  );
}
