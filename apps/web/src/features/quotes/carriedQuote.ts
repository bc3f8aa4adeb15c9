import { type QuoteRequestInput, quoteRequest } from '@freight/contracts';

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

/** The carried request if there is a usable one (left in place: `dropCarriedQuote` once used). */
export function peekCarriedQuote(): QuoteRequestInput | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const { request, at } = JSON.parse(raw) as { request?: unknown; at?: number };
    if (typeof at !== 'number' || Date.now() - at > MAX_AGE_MS) return undefined;
    return quoteRequest.safeParse(request).success ? (request as QuoteRequestInput) : undefined;
  } catch {
    return undefined;
  }
}

export function dropCarriedQuote() {
  localStorage.removeItem(KEY);
}
