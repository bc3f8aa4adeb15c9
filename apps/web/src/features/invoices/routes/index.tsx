import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../lib/paths';

/** /my-invoices with its child /my-invoices/history. */
export function InvoicesLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = pathname.startsWith(paths.invoiceHistory) ? paths.invoiceHistory : paths.myInvoices;
  const title = tab === paths.invoiceHistory ? t('pages.invoice_history.title') : t('pages.open_invoices.title');
  return (
    <>
      <PageHeader title={title} />
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
