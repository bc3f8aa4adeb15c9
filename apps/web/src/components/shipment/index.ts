export * from './api';
export { CreditHoldBanner } from './CreditHoldBanner';
export { CreditHoldDialog } from './CreditHoldDialog';
export { DocumentDownloads } from './DocumentDownloads';
export { PaymentPanel } from './PaymentPanel';
export { PayNowModal } from './PayNowModal';
export { ReferenceList } from './ReferenceList';
export { Fact, ShipmentSummary } from './ShipmentSummary';
