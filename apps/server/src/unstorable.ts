/**
 * Characters no text the app stores may hold: NUL (PostgreSQL keeps none in text or jsonb) and a
 * lone UTF-16 surrogate (half of a character: jsonb refuses its escape, text would keep a U+FFFD).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character to find.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const EVERY_UNSTORABLE = new RegExp(UNSTORABLE.source, 'g');

/** Whether `text` holds a character the database cannot keep. */
export const hasUnstorable = (text: string) => UNSTORABLE.test(text);

/** `text` with each character the database cannot keep replaced by U+FFFD. */
export const replaceUnstorable = (text: string) => text.replace(EVERY_UNSTORABLE, '\uFFFD');
