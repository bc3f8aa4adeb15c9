/**
 * The support line named by the messages that say "please call ..." (saving a
 * quote, booking). The spec elides the number; this one is from the fictional 555-01xx range and
 * must be replaced by the provider's real support number before going live.
 */
export const SUPPORT_PHONE = {
  /** As shown to users. */
  display: '(312) 555-0150',
  /** For tel: links. */
  tel: '+13125550150',
} as const;
