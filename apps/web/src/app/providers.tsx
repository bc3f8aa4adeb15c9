import { createTheme, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { LoadWhenFirstNeeded } from '../components/LoadWhenFirstNeeded';
import { isApiError } from '../lib/api';
import i18n from '../lib/i18n';
import { SupportProvider } from '../lib/support';

/**
 * The notices' container (and its transitions) loads with the first notice: `notifications.show`
 * keeps its notices in a store until the container is there to show them.
 */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

function NotificationsSlot() {
  const shown = useNotifications().notifications.length > 0;
  return (
    <LoadWhenFirstNeeded needed={shown}>
      <Notifications position="top-right" />
    </LoadWhenFirstNeeded>
  );
}

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm' });

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme}>
          <NotificationsSlot />
          <SupportProvider>{children}</SupportProvider>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
