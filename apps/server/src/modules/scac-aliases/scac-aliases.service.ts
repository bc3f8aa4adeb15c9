/** The SCAC aliases' public entry: resolving an inbound message's carrier (tracking posts, carrier invoices). */
export { type CarrierRow, resolveCarriers } from './carrier-resolver';
