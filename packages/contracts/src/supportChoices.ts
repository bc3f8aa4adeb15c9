/**
 * The support desk's fixed lists and limits, apart from the requests' schemas: the chat launcher
 * on every signed-in page reads them, and a module that builds schemas as it loads would bring the
 * validation library to every page.
 */
export const SUPPORT_CATEGORIES = ['shipping', 'quoting', 'billing', 'other'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
/** open: waiting for support; waiting: support answered and waits for the customer; resolved. */
export const SUPPORT_STATES = ['open', 'waiting', 'resolved'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

export const SUPPORT_MESSAGE_MAX = 4000;
/** Images and PDFs up to 10 MB, at most 5 per message. */
export const SUPPORT_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export const SUPPORT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const SUPPORT_ATTACHMENTS_PER_MESSAGE = 5;
