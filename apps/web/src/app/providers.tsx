import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { LoadWhenFirstNeeded } from '../components/LoadWhenFirstNeeded';
import { useDialogFocusReturn } from '../lib/dialogFocusReturn';
import { SupportProvider } from '../lib/support';
import { CoreProviders } from './coreProviders';

export { createQueryClient } from '../lib/queryClient';

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

/** The portal's providers: the core ones, the server's data, the notices and the ties to support. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  useDialogFocusReturn();
  return (
    <CoreProviders>
      <QueryClientProvider client={queryClient}>
        <NotificationsSlot />
        <SupportProvider>{children}</SupportProvider>
      </QueryClientProvider>
    </CoreProviders>
  );
}
