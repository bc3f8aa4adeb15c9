import type { UsmcaCertificationRequest, UsmcaCertificationView } from '@freight/contracts';
import { api } from '../../../lib/api';

/** The account's USMCA certification of origin: null until someone who keeps the account's settings sets it. */
export const USMCA_CERTIFICATION_KEY = ['account', 'usmca-certification'] as const;
export const getUsmcaCertification = () =>
  api.get<{ data: UsmcaCertificationView | null }>('/api/account/usmca-certification').then((r) => r.data);
export const putUsmcaCertification = (body: UsmcaCertificationRequest) =>
  api.put<{ data: UsmcaCertificationView }>('/api/account/usmca-certification', body).then((r) => r.data);
