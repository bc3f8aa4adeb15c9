// The entry of track-shipment.html.
import { PublicTrackingPage } from '../features/public/tracking/PublicTrackingPage';
import { mountGuestPage } from './mountGuestPage';

mountGuestPage(PublicTrackingPage);
