import { eventDescription } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { isMessageKey, plainText, translator } from '../../i18n';

/** An event's text in a reader's language: the portal's own words translated, a carrier's as it came. */
export function eventText(language: Language, event: { statusCode: string; reasonCode: string | null; description: string }) {
  const t = translator(language);
  return eventDescription(
    { status_code: event.statusCode, reason_code: event.reasonCode, description: event.description },
    { t: (key, params) => t(key, params), english: (key) => plainText('en', key), has: isMessageKey },
  );
}
