export * from './api';
export { CreditHoldBanner } from './CreditHoldBanner';
export { CreditHoldDialog } from './CreditHoldDialog';
export { DocumentDownloads } from './DocumentDownloads';
export { PaymentPanel } from './PaymentPanel';
export { PayNowModal } from './PayNowModal';
export { Fact, ShipmentSummary } from './ShipmentSummary';
