/**
 * Customs across the border: what a booking declares (checked against its quote) and what the
 * shipper's own brokers take off the rate, and what a crossing's stage is read from. Other modules
 * use customs through this file.
 */
export { checkedCustoms, withoutOwnBrokers } from './customs-checks';
export { customsFactsOf } from './customs-facts';
