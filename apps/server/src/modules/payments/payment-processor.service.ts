/**
 * The payments module's entry for the modules that talk to the processor themselves: invoices
 * (paying invoices, clearing abandoned challenges) and payment-methods (saving cards, verifying bank
 * accounts, autopay). It holds only the processor's interface and the answers around the card
 * issuer's 3-D Secure challenge. It is apart from payments.service.ts because paying a booking
 * there uses invoices and saved methods: were those modules to import that file, each would reach
 * itself through its own imports.
 */

/** The card issuer's 3-D Secure challenge, answered alike by every module that takes a card. */
export {
  actionRequired,
  askProcessor,
  challengeSweep,
  declined,
  returnUrlOf,
  scheduleChallengeSweep,
} from './challenge';
/** The processor's interface and what a saved method is, for the modules that charge one. */
export type {
  AuthenticationNeeded,
  PaymentEvents,
  PaymentProvider,
  SavedChargeResult,
  SavedMethodDetails,
  SaveMethodResult,
} from './payment-provider';
/** The processor when payments are not configured, for the routes that take no provider. */
export { PaymentsOff } from './payment-provider';
