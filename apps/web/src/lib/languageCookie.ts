import { LANGUAGE_COOKIE, type Language } from '@freight/domain';

const A_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Tells the server the language of the next page load: it answers the guest pages (login, public
 * tracking) with their frame prerendered in that language, so they open in the words the app
 * will show. The build's prerendering runs without a document, and writes nothing.
 */
export function rememberLanguage(language: Language) {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing from older Safari and Firefox
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${A_YEAR_S}; samesite=lax`;
}

/** Logout forgets it with the rest of what the browser keeps: the next page is a guest's, in English. */
export function forgetLanguage() {
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
