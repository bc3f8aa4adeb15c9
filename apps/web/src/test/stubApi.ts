import { vi } from 'vitest';
import { jsonResponse } from './fixtures';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** The pickup date every quote form is proposed when a test does not stub GET /api/pickup-dates/first itself. */
export const TEST_PICKUP_DATE = '2026-11-30';
const PICKUP_PROPOSAL = { data: { date: TEST_PICKUP_DATE, skipped: [], cutoff: '14:00', expires_at: '2026-11-25T20:00:00.000Z' } };

/** Stub fetch with a table of "METHOD /path" -> answer; unknown calls answer 404 (but the pickup-date proposal). */
export function stubApi(table: Record<string, Handler | unknown>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = input.split('?')[0] ?? input;
    const key = `${method} ${path}`;
    const entry = table[key] ?? (key === 'GET /api/pickup-dates/first' ? PICKUP_PROPOSAL : undefined);
    if (entry === undefined) return jsonResponse(404, { message: 'Not found.', code: 'not_found' });
    if (typeof entry === 'function') return (entry as Handler)(input, init);
    return jsonResponse(200, entry);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
