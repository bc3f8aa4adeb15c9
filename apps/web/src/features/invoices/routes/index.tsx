import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { InfoPage } from '../../../components/InfoPage';
import { paths } from '../../../lib/paths';

/** /my-invoices with its child /my-invoices/history. */
export function InvoicesLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = pathname.startsWith(paths.invoiceHistory) ? paths.invoiceHistory : paths.myInvoices;
  return (
    <>
      <Tabs value={tab} onChange={(v) => v && void navigate(v)} mb="lg">
        <Tabs.List>
          <Tabs.Tab value={paths.myInvoices}>{t('pages.open_invoices.title')}</Tabs.Tab>
          <Tabs.Tab value={paths.invoiceHistory}>{t('pages.invoice_history.title')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
export const OpenInvoicesRoute = () => <InfoPage titleKey="pages.open_invoices.title" bodyKey="pages.open_invoices.body" />;
export const InvoiceHistoryRoute = () => <InfoPage titleKey="pages.invoice_history.title" bodyKey="pages.invoice_history.body" />;
export function InvoiceDetailRoute() {
  const { id = '' } = useParams();
  return <InfoPage titleKey="pages.invoice_detail.title" bodyKey="pages.invoice_detail.body" values={{ id }} />;
}
