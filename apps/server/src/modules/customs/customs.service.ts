/**
 * Customs across the border: what a booking declares (checked against its quote) and what the
 * shipper's own brokers take off the rate. Other modules use customs through this file.
 */
export { checkedCustoms, withoutOwnBrokers } from './customs-checks';
