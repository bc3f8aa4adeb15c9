import { useParams } from 'react-router';
import { InfoPage } from '../../../components/InfoPage';

export const EbayOrdersRoute = () => <InfoPage titleKey="pages.ebay_orders.title" bodyKey="pages.ebay_orders.body" />;
export function EbayQuoteRoute() {
  const { ebayId = '' } = useParams();
  return <InfoPage titleKey="pages.ebay_quote.title" bodyKey="pages.ebay_quote.body" values={{ id: ebayId }} />;
}
export function EbayShipmentRoute() {
  const { ebayId = '' } = useParams();
  return <InfoPage titleKey="pages.ebay_shipment.title" bodyKey="pages.ebay_shipment.body" values={{ id: ebayId }} />;
}
