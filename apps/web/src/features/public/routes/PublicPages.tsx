import { InfoPage } from '../../../components/InfoPage';

/** Public tracking page (no login needed). */
export const PublicTrackingRoute = () => <InfoPage titleKey="pages.public_tracking.title" bodyKey="pages.public_tracking.body" />;
/** Public quote page. */
export const PublicQuoteRoute = () => <InfoPage titleKey="pages.public_quote.title" bodyKey="pages.public_quote.body" />;
/** Truckload confirmation page. */
export const TruckloadConfirmationRoute = () => (
  <InfoPage titleKey="pages.truckload_confirmation.title" bodyKey="pages.truckload_confirmation.body" />
);
