import { vi } from 'vitest';
import { jsonResponse } from './fixtures';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** Stub fetch with a table of "METHOD /path" -> answer; unknown calls answer 404. */
export function stubApi(table: Record<string, Handler | unknown>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = input.split('?')[0] ?? input;
    const entry = table[`${method} ${path}`];
    if (entry === undefined) return jsonResponse(404, { message: 'Not found.', code: 'not_found' });
    if (typeof entry === 'function') return (entry as Handler)(input, init);
    return jsonResponse(200, entry);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
