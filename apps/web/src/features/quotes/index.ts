// What other features may use of quoting: the public quote page draws the same workspace for a
// guest and hands the guest's quote over when they sign in.
export { carryQuote } from './carriedQuote';
export { GuestQuoteContext } from './components/guest';
export { QuoteWorkspace } from './components/workspace/QuoteWorkspace';
