import type { GuestPage } from '@freight/domain';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers';
import { routes } from '../app/router';
import { GuestApp } from '../guest/GuestApp';
import { GUEST_PAGE_SCREENS } from '../guest/pages';

export { stubApi } from './stubApi';

/** The whole app (real routes, guards and providers) in a memory router. */
export function renderApp(initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = createQueryClient();
  const utils = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, queryClient, ...utils };
}

/** A guest page as its entry shows it (guest/<page>.tsx), at a URL of it (path and query). */
export function renderGuestPage(url: `${GuestPage}${string}`) {
  window.history.replaceState(null, '', url);
  const page = (Object.keys(GUEST_PAGE_SCREENS) as GuestPage[]).find((p) => url === p || url.startsWith(`${p}?`));
  if (!page) throw new Error(`${url} is no guest page`);
  return render(<GuestApp page={GUEST_PAGE_SCREENS[page]} />);
}
