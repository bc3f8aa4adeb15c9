export * from './carrier-audit';
export * from './invoices';
