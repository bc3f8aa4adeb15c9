import type { Language } from '@freight/domain';
import { translator } from '../../i18n';

/**
 * A batch is read long after it was written, by anyone of its account and in their language: a
 * Spanish-speaking teammate opens a batch an English-speaking one uploaded. So the messages kept
 * with its rows (a cell's problem, why rating or booking failed a row, why a held row came back)
 * are kept unworded, as the message's key and values, and put into words in the reader's language
 * each time the batch is read. Rows kept before were worded in their writer's language when kept,
 * and are read as they were written.
 */

/** What marks a kept message: text no worded message begins with. */
const KEPT = 'kept-message:';

/** A message kept for later wording, in a translator's shape so the code that words messages can keep them instead. */
export const keepMessage = (key: string, params?: Record<string, unknown>): string =>
  `${KEPT}${JSON.stringify(params && Object.keys(params).length ? [key, params] : [key])}`;

/** Puts kept messages into `language`'s words; a message worded when it was kept is left as it is. */
export function messageReader(language: Language): (message: string) => string {
  const t = translator(language);
  return (message) => {
    if (!message.startsWith(KEPT)) return message;
    try {
      const [key, params] = JSON.parse(message.slice(KEPT.length)) as [string, Record<string, unknown>?];
      return t(key, params ?? {});
    } catch {
      return message;
    }
  };
}

/** A list of problems (`field`, `message`) in the reader's words. */
export const inWords = <E extends { message: string }>(errors: readonly E[], read: (message: string) => string): E[] =>
  errors.map((e) => ({ ...e, message: read(e.message) }));
