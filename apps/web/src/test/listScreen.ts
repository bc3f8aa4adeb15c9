import { type CustomerRole, permissionsOf } from '@freight/domain';
import { AUTH_STATE_KEY } from '../lib/authState';
import { jsonResponse, makeUser, setCookie, TEST_ACCOUNT } from './fixtures';
import { renderApp, stubApi } from './renderApp';

// Scaffolding shared by the tests of the paginated list screens (shipment history, address book, tracking…):
// a page of a paginated answer, a stub of the list endpoint, and the whole app rendered for a signed-in user.

/** One page of a paginated answer (`{ data, meta }`), 25 a page. */
export const listPage = <T>(data: T[], current_page = 1, last_page = 3, total = data.length ? 60 : 0) => ({
  data,
  meta: { current_page, per_page: 25, total, last_page },
});

/** A stubApi handler that answers with `list(url)`, wrapped in a 200 JSON response unless it is a Response already. */
export const listAnswer =
  (list: (url: URL) => unknown) =>
  (url: string): Response => {
    const body = list(new URL(url, 'http://localhost'));
    return body instanceof Response ? body : jsonResponse(200, body);
  };

export interface ListScreenOptions {
  /** The route to open. */
  path: string;
  /** The list endpoint, e.g. '/api/shipments'; its GET calls are what `listQueries` reads. */
  endpoint: string;
  /** The answer of `GET endpoint` for a URL; without it the endpoint is stubbed only if `stubs` does. */
  list?: (url: URL) => unknown;
  /** The signed-in user's language setting. */
  language?: 'en' | 'es';
  /** More "METHOD /path" stubs, merged last (they win over the list endpoint's). */
  stubs?: Record<string, unknown>;
  /** The signed-in user's team role; an account admin unless said. */
  role?: CustomerRole;
}

/**
 * The whole app at `path` for a signed-in user with an active account (stored in localStorage, XSRF cookie set),
 * with `GET /api/user`, the list endpoint and `stubs` stubbed. Returns renderApp's result and
 * `fetchMock`, `listQueries()` (the query params of each GET of the list endpoint) and
 * `bodiesOf(method, url)` (the JSON bodies sent to that exact URL).
 */
export function renderListScreen({ path, endpoint, list, language = 'en', stubs = {}, role = 'account_admin' }: ListScreenOptions) {
  const base = makeUser([], { account: { ...TEST_ACCOUNT, role, permissions: [...permissionsOf(role)] } });
  const user = { ...base, settings: { ...base.settings, language } };
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({
    'GET /api/user': { data: user },
    ...(list ? { [`GET ${endpoint}`]: listAnswer(list) } : {}),
    ...stubs,
  });
  const app = renderApp(path);
  const listQueries = () =>
    fetchMock.mock.calls
      .filter(([u, init]) => String(u).split('?')[0] === endpoint && (init?.method ?? 'GET') === 'GET')
      .map(([u]) => Object.fromEntries(new URL(String(u), 'http://localhost').searchParams)) as Record<string, string>[];
  const bodiesOf = (method: string, url: string) =>
    fetchMock.mock.calls
      .filter(([u, init]) => u === url && init?.method === method)
      .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));
  return { ...app, fetchMock, listQueries, bodiesOf };
}
