import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/** The server's data for the portal and the guest pages that fetch: a 4xx is an answer, not a hiccup to retry. */
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
