import { expect, type Page } from '@playwright/test';

/**
 * A call to the API as the signed-in page makes it (its session cookie, the XSRF header), for what
 * a scenario sets up rather than shows; answers the `data` of a 2xx and fails the test otherwise.
 */
export async function apiCall<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, url, body, headers }) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const res = await fetch(url, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-XSRF-TOKEN': token,
          Accept: 'application/json',
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, url, body, headers },
  );
  expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
  return (answer.json as { data: T }).data;
}
