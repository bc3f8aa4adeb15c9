import type { PaymentMethodView } from '@freight/contracts';
import { MICRODEPOSIT_ATTEMPTS } from './bank-verification';
import type { SavedMethodRow } from './payment-methods.repository';

export function presentMethod(row: SavedMethodRow): PaymentMethodView {
  return {
    id: row.id,
    ref: row.providerRef,
    type: row.type,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    bank_name: row.bankName,
    is_default: row.isDefault,
    verification: row.verification,
    microdeposits_arrive_at: row.verification === 'awaiting' ? (row.microdepositsArriveAt?.toISOString() ?? null) : null,
    verify_attempts_left: row.verification === 'awaiting' ? Math.max(0, MICRODEPOSIT_ATTEMPTS - row.verifyAttempts) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A method as the logs name it: 'visa …4242', 'STRIPE TEST BANK …6789'. */
export const methodLabel = (row: Pick<SavedMethodRow, 'type' | 'brand' | 'bankName' | 'last4'>) =>
  `${(row.type === 'card' ? row.brand : row.bankName) ?? row.type} …${row.last4}`;
