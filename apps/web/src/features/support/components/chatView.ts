import type { SupportTopic } from '../../../lib/support';

/** What the chat shows: the customer's conversations, a new one, or one thread. */
export type ChatView = { kind: 'list' } | { kind: 'new' } | { kind: 'thread'; id: string };

/** Where the chat starts: a new conversation when the page names a shipment or invoice, else the list. */
export const startView = (topic: SupportTopic): ChatView => (topic.reference || topic.category ? { kind: 'new' } : { kind: 'list' });
