import type { TariffDraftRequest } from '@freight/contracts';

/** The editor's values: the draft request as the server takes it (errors come back on the same paths). */
export interface TariffFormValues {
  mode: TariffDraftRequest['mode'];
  // The tariff is edited in the engine's own shape; each mode's fields know theirs.
  tariff: Record<string, unknown>;
  fuel_bp: number;
  note: string;
}

/** The request of the form's values. */
export const draftRequest = (v: TariffFormValues) => v as unknown as TariffDraftRequest;
