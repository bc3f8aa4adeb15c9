import type { TutorialScript } from './director';
import addressBookImport from './steps/address-book-import';
import payInvoices from './steps/pay-invoices';
import quoteBookLtl from './steps/quote-book-ltl';
import quoteBookParcel from './steps/quote-book-parcel';
import shipEbayOrder from './steps/ship-ebay-order';
import trackAndShare from './steps/track-and-share';

/**
 * The tutorials, in the order the page lists them. A new one: its steps file in steps/ and a line
 * here, then `npm run tutorials:record -w e2e -- <slug>`.
 */
export const CATALOG: TutorialScript[] = [quoteBookLtl, quoteBookParcel, trackAndShare, addressBookImport, payInvoices, shipEbayOrder];
