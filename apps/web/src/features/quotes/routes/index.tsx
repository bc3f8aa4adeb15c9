import { useParams } from 'react-router';
import { InfoPage } from '../../../components/InfoPage';

/** / , /:clientrefnum and /:clientrefnum/q, /quote and /quote/:id/:return? */
export function QuoteRoute() {
  const { clientrefnum } = useParams();
  return clientrefnum ? (
    <InfoPage titleKey="pages.quote.title" bodyKey="pages.quote.body_ref" values={{ ref: clientrefnum }} />
  ) : (
    <InfoPage titleKey="pages.quote.title" bodyKey="pages.quote.body" />
  );
}
export const SavedQuoteRoute = () => <InfoPage titleKey="pages.quote.title" bodyKey="pages.quote.body_saved" />;
export const QuoteShipmentRoute = () => <InfoPage titleKey="pages.quote_shipment.title" bodyKey="pages.quote_shipment.body" />;
export const TruckloadRoute = () => <InfoPage titleKey="pages.truckload.title" bodyKey="pages.truckload.body" />;
export const QuoteHistoryRoute = () => <InfoPage titleKey="pages.quote_history.title" bodyKey="pages.quote_history.body" />;
export const SavedQuotesRoute = () => <InfoPage titleKey="pages.saved_quotes.title" bodyKey="pages.saved_quotes.body" />;
