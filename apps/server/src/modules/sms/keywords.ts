/**
 * Twilio's default opt-out and opt-in words (Advanced Opt-Out): a text that is one of them, in any
 * case with spaces around it, stops or restarts every text to the number that sent it.
 */
export const OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_WORDS = ['START', 'UNSTOP'] as const;

/** The keyword a text is, as Twilio reads it: the whole body, any case, spaces around it ignored. */
export function keywordOf(body: string): 'STOP' | 'START' | null {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_WORDS as readonly string[]).includes(word)) return 'STOP';
  if ((OPT_IN_WORDS as readonly string[]).includes(word)) return 'START';
  return null;
}
