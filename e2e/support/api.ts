import { expect, type Page, request } from '@playwright/test';

/**
 * A request from the page as the portal sends it: its cookies, and the XSRF header (its token
 * fetched first when the browser has none yet). Answers the status and the body as text.
 */
export async function pageRequest(page: Page, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return page.evaluate(
    async ({ method, url, body, headers }) => {
      const token = () => decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      if (!token()) await fetch('/sanctum/csrf-cookie');
      const res = await fetch(url, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-XSRF-TOKEN': token(),
          Accept: 'application/json',
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, url, body, headers },
  );
}

/**
 * A call to the API as the signed-in page makes it, for what a scenario sets up rather than
 * shows; answers the `data` of a 2xx and fails the test otherwise.
 */
export async function apiCall<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const answer = await pageRequest(page, method, url, body, headers);
  expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300);
  return answer.text ? (JSON.parse(answer.text) as { data: T }).data : (undefined as T);
}

/** The scenarios' server (the first one of this run's ports). */
export const SCENARIO_SERVER = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

/**
 * Calls from outside any page, as another client of the server would: a cookie jar of its own,
 * the XSRF token fetched first and sent with every call. Disposed when `use` ends.
 */
export async function withApiClient<T>(
  origin: string,
  use: (send: (method: string, path: string, body?: unknown) => Promise<{ status: number; text: string }>) => Promise<T>,
): Promise<T> {
  const api = await request.newContext({ baseURL: origin });
  try {
    await api.get('/sanctum/csrf-cookie');
    const send = async (method: string, path: string, body?: unknown) => {
      const token = decodeURIComponent((await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
      const res = await api.fetch(path, {
        method,
        data: body,
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token, Accept: 'application/json' },
      });
      return { status: res.status(), text: await res.text() };
    };
    return await use(send);
  } finally {
    await api.dispose();
  }
}
