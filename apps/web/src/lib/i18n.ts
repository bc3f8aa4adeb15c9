import sharedEn from '@freight/contracts/locales/en.json';
import { SENTENCE_END, sentenceEnd } from '@freight/contracts/sentence-end';
import { isLanguage, LANGUAGES, type Language } from '@freight/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import noticesEn from '../components/notices/locales/notices.en.json';
import trackingPartsEn from '../components/tracking/locales/tracking.en.json';
import publicTrackingEn from '../features/public/locales/tracking.en.json';
import webEn from '../locales/en.json';
import { setLanguageSource } from './api';
import { getAuthUser, LANGUAGE_KEY } from './authState';
import { keptUnlessFailed } from './keptUnlessFailed';
import { rememberLanguage } from './languageCookie';

type Tree = { [key: string]: string | Tree };

function merge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] = typeof v === 'object' && typeof prev === 'object' ? merge(prev, v) : v;
  }
  return out;
}

/**
 * The words come in chunks of one language, so a visit downloads no language it does not show.
 * - The first-visit words: the shared catalogs (contracts and the app's own: login, sign-up, the
 *   frames) and those of the public tracking page. English is bundled; `startI18n` brings another
 *   language's before the first render.
 * - The words any screen may show (the shared components' catalogs, `components/<group>/locales/...`),
 *   and the word groups (wordGroups.ts: each feature's own, each part of the admin area's), apart:
 *   a screen's route loader awaits `loadScreenCatalogs` with the groups its screen shows words of.
 *   The frames' words (menus, page names, tabs) are first-visit words, so a route names only its
 *   screen's.
 * - A lazy chunk's own words, when a first-visit page shows it only now and then (the consignee
 *   alerts of features/public/tracking/ShipmentAlerts.tsx): the chunk adds its catalog itself,
 *   so not a byte of it, in either language, is in a first download or in this module.
 */
/** English, the language most visitors read, is bundled: their first page renders without waiting for words. */
const FIRST_VISIT_EN = [sharedEn, webEn, publicTrackingEn, trackingPartsEn, noticesEn] as Tree[];
const FIRST_VISIT: Record<Language, () => Promise<Tree[]>> = {
  en: async () => FIRST_VISIT_EN,
  es: () =>
    Promise.all([
      import('@freight/contracts/locales/es.json'),
      import('../locales/es.json'),
      import('../features/public/locales/tracking.es.json'),
      import('../components/tracking/locales/tracking.es.json'),
      import('../components/notices/locales/notices.es.json'),
    ]).then((modules) => modules.map((m) => m.default as Tree)),
};
/** The words any screen may show, one chunk per language (screenCatalogs.<lang>.ts). */
const SCREENS: Record<Language, () => Promise<Tree[]>> = {
  en: () => import('./screenCatalogs.en').then((m) => m.default),
  es: () => import('./screenCatalogs.es').then((m) => m.default),
};
/** A set of catalogs that is loaded whole, in one language at a time. */
type Part = { name: string; trees: (language: Language) => Promise<Tree[]> };

const FIRST_VISIT_PART: Part = { name: 'first-visit', trees: (language) => FIRST_VISIT[language]() };
const SCREENS_PART: Part = { name: 'screens', trees: (language) => SCREENS[language]() };
/**
 * The word groups' loaders come when first asked: the guest pages share this module, and with a
 * static import their first download carried every loader (about 1.5 KB gzip, which took the login
 * page over its 150 KB budget). The admin area's come apart from the features'.
 */
const featureWords = () => import('./featureWords').then((m) => m.default);
const adminWords = () => import('./adminWords').then((m) => m.default);
const groupSetOf = (group: string) => (group.startsWith('admin/') ? adminWords() : featureWords());
const groupPart = (group: string): Part => ({
  name: `group:${group}`,
  trees: (language) => groupSetOf(group).then((set) => set.catalogs(group, language)),
});

/** A part's load per language: fetched once, and again after a failure (keptUnlessFailed). */
const loads = keptUnlessFailed<void>([['first-visit:en', Promise.resolve()]]);
const load = (part: Part, language: Language): Promise<void> =>
  loads(`${part.name}:${language}`, () =>
    part.trees(language).then((list) => {
      i18n.addResourceBundle(language, 'translation', list.reduce(merge, {}), true, true);
    }),
  );

const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'en');

/** The parts screens have asked for past the first-visit words, by name: a language switch brings them too. */
const shown = new Map<string, Part>();
function show(parts: readonly Part[]): Promise<void> {
  const language = currentLanguage();
  for (const part of parts) shown.set(part.name, part);
  return Promise.all(parts.map((part) => load(part, language))).then(() => undefined);
}

/**
 * The words any screen may show and those of `groups` (wordGroups.ts), in the language in use; a
 * route's loader awaits them before it renders.
 */
export const loadScreenCatalogs = (groups: readonly string[] = []): Promise<void> => show([SCREENS_PART, ...groups.map(groupPart)]);

/** Every catalog in both languages, for tests and the catalogs' own checks. */
export async function loadAllCatalogs() {
  const groups = (await Promise.all([featureWords(), adminWords()])).flatMap((set) => set.groups);
  const parts = [FIRST_VISIT_PART, SCREENS_PART, ...groups.map(groupPart)];
  await Promise.all(LANGUAGES.flatMap((language) => parts.map((part) => load(part, language))));
  return { en: i18n.getResourceBundle('en', 'translation') as Tree, es: i18n.getResourceBundle('es', 'translation') as Tree };
}

/** The first-visit words of `language` as one tree, for the catalogs' own checks. */
export const firstVisitCatalog = (language: Language): Promise<Tree> => FIRST_VISIT[language]().then((list) => list.reduce(merge, {}));

/** Switches the UI language once its words are here, so no screen shows another language meanwhile. */
export async function changeLanguage(language: Language) {
  await Promise.all([FIRST_VISIT_PART, ...shown.values()].map((part) => load(part, language)));
  await i18n.changeLanguage(language);
}

/** The guest's choice on the auth pages. */
export function guestLanguage(): Language | null {
  try {
    const v = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(v) ? v : null;
  } catch {
    return null;
  }
}

export function setGuestLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  void changeLanguage(language);
}

/** The user's setting once logged in, else the guest's choice, else English. */
export function preferredLanguage(): Language {
  const user = getAuthUser();
  if (user && isLanguage(user.settings?.language)) return user.settings.language;
  return guestLanguage() ?? 'en';
}

// Whatever changes it (the settings, a guest's choice, logging in), the server hears the language.
i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) rememberLanguage(language);
});

void i18n
  .use(initReactI18next)
  .use(sentenceEnd)
  .init({
    resources: { en: { translation: FIRST_VISIT_EN.reduce(merge, {}) } },
    postProcess: [SENTENCE_END],
    lng: preferredLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The first render waits for this: the first-visit words of the language the visitor reads. */
export const startI18n = () => load(FIRST_VISIT_PART, currentLanguage());

setLanguageSource(() => i18n.language);

export default i18n;
