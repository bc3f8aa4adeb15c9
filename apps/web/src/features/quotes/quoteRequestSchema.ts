/**
 * The quote request's schema on its own, for the quote page to import when it first checks a
 * request rather than with its first render.
 */
export { quoteRequest } from '@freight/contracts';
