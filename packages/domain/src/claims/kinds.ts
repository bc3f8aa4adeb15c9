/**
 * The words of a freight claim both apps and the contracts share. Apart from the clocks and amounts
 * (`@freight/domain/claims`), which count on the business calendar the web bundle does not carry.
 */
export const CLAIM_KINDS = ['loss', 'shortage', 'visible_damage', 'concealed_damage'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** filed -> acknowledged (by the carrier) -> decided -> paid -> closed; a declined claim goes from decided to closed. */
export const CLAIM_STATUSES = ['filed', 'acknowledged', 'decided', 'paid', 'closed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_DECISIONS = ['paid_in_full', 'paid_in_part', 'declined'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];

export const CLOCK_STATES = ['open', 'due_soon', 'overdue', 'met'] as const;
export type ClockState = (typeof CLOCK_STATES)[number];

/** Who wrote a message of a claim's thread: the shipper, staff, or staff recording the carrier's word. */
export const CLAIM_MESSAGE_AUTHORS = ['shipper', 'staff', 'carrier'] as const;
export type ClaimMessageAuthor = (typeof CLAIM_MESSAGE_AUTHORS)[number];

/** What bounds the carrier's liability: the insured value, the declared value, or the tariff's limit per pound. */
export const LIABILITY_BASES = ['insured', 'declared', 'per_pound'] as const;
export type LiabilityBasis = (typeof LIABILITY_BASES)[number];
