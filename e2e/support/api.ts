import { expect, type Page } from '@playwright/test';

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
