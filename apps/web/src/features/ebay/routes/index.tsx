import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { OrdersTable } from '../components/OrdersTable';
import { StoresPanel } from '../components/StoresPanel';

const CONNECT_RESULTS = { ok: 'green', declined: 'yellow', failed: 'red' } as const;

/** /orders/ebay: the connected eBay stores and their orders to ship. */
export function EbayOrdersRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const connect = params.get('connect') as keyof typeof CONNECT_RESULTS | null;
  return (
    <>
      <PageHeader title={t('ebay.title')} />
      <Stack gap="lg">
        {connect && CONNECT_RESULTS[connect] && (
          <Alert color={CONNECT_RESULTS[connect]} role="status">
            {t(`ebay.connect_result.${connect}`)}
          </Alert>
        )}
        <StoresPanel />
        <OrdersTable />
      </Stack>
    </>
  );
}
