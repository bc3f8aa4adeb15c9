import {
  carrierOption,
  claimListItem,
  claimView,
  SUPPORT_ATTACHMENT_TYPES,
  savedViewView,
  scacAliasView,
  staffClaimListItem,
  staffClaimView,
} from '@freight/contracts';
import { type Answer, created, deleted, file, list, moreList, page, record } from './openapi-answers';

/** A claim's attachment is a file the writer uploaded to support first, so it has one of the types support takes. */
const attachment = file('The attached file, as it was uploaded.', [...SUPPORT_ATTACHMENT_TYPES]);

/** Each staff step on a claim answers the claim as staff read it after the step. */
const STAFF_CLAIM = '/api/admin/claims/:id';

/**
 * What the routes of freight claims, SCAC aliases and staff's saved views answer on success (see
 * web-answers.ts). The alerts answer their unread count beside or instead of the usual `data`
 * envelope, which no answer kind says yet, so they are not here.
 */
export const CLAIMS_ALIASES_VIEWS_ANSWERS: Record<string, Answer> = {
  'GET /api/claims': moreList("The account's claims, newest first.", claimListItem),
  'GET /api/admin/claims': moreList('The claims queue, by the filters asked.', staffClaimListItem),
  'GET /api/claims/:id': record('The claim with its lines, its clocks, what the carrier answered, and its thread.', claimView),
  'POST /api/claims/:id/messages': created('The claim with the new message at the end of its thread.', claimView),
  'GET /api/claims/:id/attachments/:attachment_id': attachment,
  [`GET ${STAFF_CLAIM}`]: record('The claim as staff read it: its account and assignee too.', staffClaimView),
  [`GET ${STAFF_CLAIM}/attachments/:attachment_id`]: attachment,
  [`PUT ${STAFF_CLAIM}/assignee`]: record('The claim with its new assignee.', staffClaimView),
  [`POST ${STAFF_CLAIM}/messages`]: created('The claim with the new message at the end of its thread.', staffClaimView),
  [`POST ${STAFF_CLAIM}/acknowledgement`]: record('The acknowledged claim.', staffClaimView),
  [`POST ${STAFF_CLAIM}/decision`]: record("The claim with the carrier's decision.", staffClaimView),
  [`POST ${STAFF_CLAIM}/payment`]: record(
    "The paid claim, with the credit memo that gave the payment to the shipper's account.",
    staffClaimView,
  ),
  [`POST ${STAFF_CLAIM}/close`]: record('The closed claim.', staffClaimView),
  'GET /api/admin/scac-aliases': page('Aliases by carrier name, then kind and alias.', scacAliasView),
  'GET /api/admin/scac-aliases/carriers': list('Every carrier, by name, for the picker.', carrierOption),
  'POST /api/admin/scac-aliases': created('The new alias.', scacAliasView),
  'PUT /api/admin/scac-aliases/:id': record('The changed alias.', scacAliasView),
  'GET /api/admin/saved-views': list("The caller's views of the list.", savedViewView),
  'POST /api/admin/saved-views': created('The new view.', savedViewView),
  'PUT /api/admin/saved-views/:id': record('The changed view.', savedViewView),
  'DELETE /api/admin/saved-views/:id': deleted,
};
