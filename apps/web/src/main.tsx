// The portal's entry. The guest pages (login, public tracking) have their own build: src/guest/.
import './globalStyles';
import '@mantine/notifications/styles.css';
import { RouterProvider } from 'react-router';
import { prefetchFirstPageData } from './app/firstPageData';
import { watchFailedImports } from './app/newBuild';
import { createQueryClient, Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { prefetchActiveNotices } from './components/notices/activeNotices';
import i18n from './lib/i18n';
import { mount } from './mount';

watchFailedImports();
// The router starts fetching the page's chunk at once; the words of the visitor's language come alongside.
const router = createAppRouter();
const queryClient = createQueryClient();
prefetchActiveNotices(queryClient, i18n.language);
prefetchFirstPageData(queryClient, window.location.pathname);

mount(
  <Providers queryClient={queryClient}>
    <RouterProvider router={router} />
  </Providers>,
);
