/**
 * The carrier invoices' public entry: delivery schedules the simulator carrier's invoice; the bill
 * a carrier sends is what the seeding path gives scenarios to send through the intake.
 */
export { type BilledAs, carrierBill } from './carrier-bill';
export { CARRIER_INVOICE_DELAY_MS, CARRIER_INVOICE_SIMULATE_JOB } from './simulator';
