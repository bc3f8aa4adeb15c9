import type { QuoteRequestInput } from '@freight/contracts';

/**
 * A visitor's public quote, carried into the account it signs up for: kept in the browser (the
 * server stores nothing of a visitor) until the Quote & Ship page of the new account rates it.
 */
const KEY = 'CARRIED_QUOTE';
/** A quote older than this is stale: its pickup date and tariffs have moved on. */
const MAX_AGE_MS = 7 * 24 * 3_600_000;

export function carryQuote(request: QuoteRequestInput) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ request, at: Date.now() }));
  } catch {
    // Storage refused (private mode, full): the visitor quotes again after signing up.
  }
}

/** The stored request if there is a fresh one, as stored: not yet checked against the contract. */
function freshCarriedQuote(): { request?: unknown } | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as { request?: unknown; at?: number };
    return typeof stored.at === 'number' && Date.now() - stored.at <= MAX_AGE_MS ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a fresh request is carried (the page then waits for its check before drawing the form). */
export const hasCarriedQuote = () => freshCarriedQuote() !== undefined;

/**
 * The carried request if there is a usable one (left in place: `dropCarriedQuote` once used). The
 * request's schema comes with it: the quote page's first render parses none of it otherwise.
 */
export async function peekCarriedQuote(): Promise<QuoteRequestInput | undefined> {
  const stored = freshCarriedQuote();
  if (!stored) return undefined;
  const { quoteRequest } = await import('./quoteRequestSchema');
  return quoteRequest.safeParse(stored.request).success ? (stored.request as QuoteRequestInput) : undefined;
}

export function dropCarriedQuote() {
  localStorage.removeItem(KEY);
}
