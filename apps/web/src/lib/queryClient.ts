import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import i18n from './i18n';

/** The server's data for the portal and the guest pages that fetch: a 4xx is an answer, not a hiccup to retry. */
export function createQueryClient() {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  // The server words some data in the language of the request (a quote's messages, notices):
  // after a switch the screens on show ask again, so nothing stays in the language left.
  i18n.on('languageChanged', () => void client.invalidateQueries());
  return client;
}
