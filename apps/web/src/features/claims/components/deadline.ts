import type { ClaimListItem } from '@freight/contracts';

export type NextDeadline = { clock: 'acknowledgement' | 'decision'; due: string; overdue: boolean };

/**
 * The carrier's next deadline on a claim still waiting for it: the acknowledgement while filed,
 * then the decision, as the server's clocks have it (counted on the delivery place's day).
 */
export function nextDeadline(claim: ClaimListItem): NextDeadline | null {
  const waiting: ('acknowledgement' | 'decision')[] =
    claim.status === 'filed' ? ['acknowledgement', 'decision'] : claim.status === 'acknowledged' ? ['decision'] : [];
  const clock = waiting.find((name) => claim.clocks[name].state !== 'met');
  return clock ? { clock, due: claim.clocks[clock].due_on, overdue: claim.clocks[clock].state === 'overdue' } : null;
}
