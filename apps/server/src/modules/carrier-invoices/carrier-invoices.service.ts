/** The carrier invoices' public entry: delivery schedules the simulator carrier's invoice. */
export { CARRIER_INVOICE_DELAY_MS, CARRIER_INVOICE_SIMULATE_JOB } from './simulator';
