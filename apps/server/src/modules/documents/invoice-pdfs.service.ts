// The invoice and payment receipt PDFs, an entry of their own: the invoices module loads it on the
// first download, so pdfkit stays out of the server's start.
export { buildInvoicePdf } from './invoice-pdf';
export { buildPaymentReceiptPdf, type PaymentReceipt } from './receipt-pdf';
