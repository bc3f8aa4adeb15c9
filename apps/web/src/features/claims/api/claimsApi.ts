import type { ClaimFileRequest, ClaimListItem, ClaimView, StaffClaimListItem, StaffClaimView } from '@freight/contracts';
import type { ClaimDecision, ClaimStatus } from '@freight/domain';
import { api, apiUpload } from '../../../lib/api';

/**
 * The credit the portal gives the shipper once the carrier pays (a credit memo on its account).
 * Optional on the wire: a server without credit memos leaves it out.
 */
export interface ClaimCreditMemo {
  id: string;
  number: string;
  amount_cents: number;
  currency: string;
}

/** A claim as the shipper reads it, with its credit when paid. */
export type ClaimDetail = ClaimView & { credit_memo?: ClaimCreditMemo | null };
/** A claim as staff read it, with its credit when paid. */
export type StaffClaimDetail = StaffClaimView & { credit_memo?: ClaimCreditMemo | null };

/** One page of a list: the server says whether another follows (no count: a queue is read oldest first). */
export interface ClaimPage<T> {
  data: T[];
  has_more?: boolean;
}

type One<T> = { data: T };
const enc = encodeURIComponent;

/** Every claim query of the shipper's pages lives under CLAIMS_KEY, staff's under STAFF_CLAIMS_KEY. */
export const CLAIMS_KEY = ['claims'] as const;
export const claimKey = (id: string) => [...CLAIMS_KEY, 'one', id] as const;
export const STAFF_CLAIMS_KEY = ['admin', 'claims'] as const;
export const staffClaimKey = (id: string) => [...STAFF_CLAIMS_KEY, 'one', id] as const;

// The shipper's side.
export const listClaims = (page: number) =>
  api.get<ClaimPage<ClaimListItem>>('/api/claims', { query: { page: page > 1 ? page : undefined } });
export const getClaim = (id: string) => api.get<One<ClaimDetail>>(`/api/claims/${enc(id)}`).then((r) => r.data);
export const fileClaim = (shipmentId: string, body: ClaimFileRequest) =>
  api.post<One<ClaimDetail>>(`/api/shipments/${enc(shipmentId)}/claims`, body).then((r) => r.data);
export const sendClaimMessage = (id: string, body: string, attachmentIds: string[]) =>
  api.post<One<ClaimDetail>>(`/api/claims/${enc(id)}/messages`, { body, attachment_ids: attachmentIds }).then((r) => r.data);

/** Where a claim's files and packet are read: the shipper's pages, or the staff door. */
export const claimBase = (id: string, staff: boolean) => `${staff ? '/api/admin/claims' : '/api/claims'}/${enc(id)}`;
export const attachmentUrl = (claimId: string, attachmentId: string, staff: boolean) =>
  `${claimBase(claimId, staff)}/attachments/${enc(attachmentId)}`;
export const packetPath = (claimId: string, staff: boolean) => `${claimBase(claimId, staff)}/packet.pdf`;

/** Files go up as the support chat's do (the shipper's and staff's own upload doors), then ride on a message. */
export const SHIPPER_UPLOAD_PATH = '/api/support/attachments';
export const STAFF_UPLOAD_PATH = '/api/admin/support/attachments';
export const uploadFile = (file: File, path = SHIPPER_UPLOAD_PATH) =>
  apiUpload<One<{ id: string; file_name: string }>>(path, {
    body: file,
    contentType: file.type || 'application/octet-stream',
    query: { name: file.name },
  }).then((r) => r.data);

// Staff's side.
export interface QueueFilter {
  status?: ClaimStatus;
  overdue?: boolean;
  page: number;
}
export const listQueue = ({ status, overdue, page }: QueueFilter) =>
  api.get<ClaimPage<StaffClaimListItem>>('/api/admin/claims', {
    query: { status, overdue: overdue ? 'true' : undefined, page: page > 1 ? page : undefined },
  });
/** One shipment's claims, closed ones too, oldest first (staff's shipment page). */
export const listShipmentClaims = (shipmentId: string, page: number) =>
  api.get<ClaimPage<StaffClaimListItem>>('/api/admin/claims', { query: { shipment_id: shipmentId, page: page > 1 ? page : undefined } });
export const getStaffClaim = (id: string) => api.get<One<StaffClaimDetail>>(`/api/admin/claims/${enc(id)}`).then((r) => r.data);
export const assignClaim = (id: string, assigneeId: string | null) =>
  api.put<One<StaffClaimDetail>>(`/api/admin/claims/${enc(id)}/assignee`, { assignee_id: assigneeId }).then((r) => r.data);
export const sendStaffMessage = (id: string, body: { body: string; author: 'staff' | 'carrier'; attachment_ids: string[] }) =>
  api.post<One<StaffClaimDetail>>(`/api/admin/claims/${enc(id)}/messages`, body).then((r) => r.data);
export const acknowledgeClaim = (id: string, carrierClaimNumber: string) =>
  api
    .post<One<StaffClaimDetail>>(`/api/admin/claims/${enc(id)}/acknowledgement`, {
      carrier_claim_number: carrierClaimNumber.trim() || undefined,
    })
    .then((r) => r.data);
export const decideClaim = (id: string, body: { decision: ClaimDecision; reason?: string; decided_amount_cents?: number }) =>
  api.post<One<StaffClaimDetail>>(`/api/admin/claims/${enc(id)}/decision`, body).then((r) => r.data);
export const recordPayment = (id: string, body: { amount_cents: number; reference: string }) =>
  api.post<One<StaffClaimDetail>>(`/api/admin/claims/${enc(id)}/payment`, body).then((r) => r.data);
export const closeClaim = (id: string) => api.post<One<StaffClaimDetail>>(`/api/admin/claims/${enc(id)}/close`).then((r) => r.data);
/** Staff a claim may be given to: the support inbox's list of staff (the server refuses one who does not handle claims). */
export const listStaff = () => api.get<One<{ id: string; name: string }[]>>('/api/admin/support/assignees').then((r) => r.data);
