import type { InvoicePaymentResult } from '@freight/contracts';
import { useFileDownload } from '../../../components/csv/useFileDownload';

/** Downloads a payment's receipt PDF ('Browser denied file download...' when the browser refuses). */
export function useReceiptDownload() {
  const { download } = useFileDownload();
  return (payment: Pick<InvoicePaymentResult, 'id' | 'receipt_url'>) =>
    void download(payment.receipt_url, { fileName: `Receipt-${payment.id.slice(0, 8)}.pdf` });
}
