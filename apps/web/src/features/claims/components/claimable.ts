import type { ShipmentView } from '@freight/contracts';

const MOVING = new Set(['dispatched', 'in_transit', 'delayed']);
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Whether a claim may be filed for the shipment, as the server decides it: delivered, or lost past its delivery date (a loss only). */
export function claimableAs(s: Pick<ShipmentView, 'status' | 'estimated_delivery'>): 'delivered' | 'lost' | null {
  if (s.status === 'delivered') return 'delivered';
  if (MOVING.has(s.status) && s.estimated_delivery && s.estimated_delivery < today()) return 'lost';
  return null;
}
