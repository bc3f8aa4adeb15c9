import type { ShipmentView } from '@freight/contracts';
import { useChallengeReturn as useReturnOf } from '../payment/useChallengeReturn';
import { confirmShipmentPayment } from './api';

/**
 * The payer is back on the shipment's page from the card issuer's 3-D Secure page: the server says
 * how the booking's payment ended (`onPaid` with the paid shipment, or the refusal for the panel).
 */
export function useChallengeReturn(shipment: ShipmentView, onPaid: (shipment: ShipmentView) => void) {
  return useReturnOf('payment_intent', (intent) => confirmShipmentPayment(shipment.id, intent).then((r) => r.data), onPaid);
}
