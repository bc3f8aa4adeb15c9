/**
 * A sentence that ends with a value that ends with its own full stop (a Spanish time, "7:16 a.m.";
 * an abbreviation) would read "a.m..". The catalogs end their sentences with a stop anyway, so the
 * translated text keeps one stop where the value brought a second. A real ellipsis ("...") stays.
 */
export const SENTENCE_END = 'sentenceEnd';
export const collapseDoubledStop = (text: string) => text.replace(/(?<!\.)\.\.(?!\.)/g, '.');

/** An i18next post-processor: `i18n.use(sentenceEnd)` with `postProcess: [SENTENCE_END]`. */
export const sentenceEnd = {
  type: 'postProcessor' as const,
  name: SENTENCE_END,
  process: (value: string) => collapseDoubledStop(value),
};
