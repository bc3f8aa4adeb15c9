import { CANCELABLE_STATUSES, type ShipmentStatus } from '@freight/domain';
import { lazy, useState } from 'react';
import { LoadWhenFirstNeeded } from '../LoadWhenFirstNeeded';
import type { ReshipKind } from './api';
import { CancelShipmentDialog } from './CancelShipmentDialog';
import type { ReshipTarget } from './ReshipModal';

// Loaded when first opened: its form's schema would bring the validation library to every list.
const ReshipModal = lazy(() => import('./ReshipModal').then((m) => ({ default: m.ReshipModal })));

/** Cancel is offered only before pickup (pending or dispatched). */
export const isCancelable = (s: { status: ShipmentStatus }) => CANCELABLE_STATUSES.includes(s.status);

type Shipment = { id: string; bol_number: string };

/** The cancel confirmation and the reship / return-ship modal of a screen, and the calls that open them. */
export function useShipmentDialogs() {
  const [canceling, setCanceling] = useState<Shipment | null>(null);
  const [reshipping, setReshipping] = useState<ReshipTarget | null>(null);
  return {
    cancel: (s: Shipment) => setCanceling({ id: s.id, bol_number: s.bol_number }),
    reship: (s: Shipment, kind: ReshipKind) => setReshipping({ id: s.id, bol_number: s.bol_number, kind }),
    dialogs: (
      <>
        <CancelShipmentDialog shipment={canceling} onClose={() => setCanceling(null)} />
        <LoadWhenFirstNeeded needed={reshipping !== null}>
          <ReshipModal target={reshipping} onClose={() => setReshipping(null)} />
        </LoadWhenFirstNeeded>
      </>
    ),
  };
}
