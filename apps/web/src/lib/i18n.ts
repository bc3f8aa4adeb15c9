import sharedEn from '@freight/contracts/locales/en.json';
import sharedEs from '@freight/contracts/locales/es.json';
import { LANGUAGES, type Language } from '@freight/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import webEn from '../locales/en.json';
import webEs from '../locales/es.json';
import { setLanguageSource } from './api';
import { getAuthUser, LANGUAGE_KEY } from './authState';

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
 * Feature and shared-component catalogs (`features/<feature>/locales/<part>.<lang>.json`,
 * `components/<group>/locales/...`) sit beside the screens they word, so parts can grow without
 * one huge file.
 */
const featureCatalogs = import.meta.glob<Tree>(['../features/*/locales/*.json', '../components/*/locales/*.json'], {
  eager: true,
  import: 'default',
});

function catalogsOf(language: string): Tree[] {
  return Object.entries(featureCatalogs)
    .filter(([path]) => path.endsWith(`.${language}.json`))
    .map(([, tree]) => tree);
}

const catalog = (language: string, ...base: Tree[]) => [...base, ...catalogsOf(language)].reduce(merge, {});

export const resources = {
  en: { translation: catalog('en', sharedEn as Tree, webEn as Tree) },
  es: { translation: catalog('es', sharedEs as Tree, webEs as Tree) },
};

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
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
  void i18n.changeLanguage(language);
}

/** The user's setting once logged in, else the guest's choice, else English. */
export function initialLanguage(): Language {
  const user = getAuthUser();
  if (user && isLanguage(user.settings?.language)) return user.settings.language;
  return guestLanguage() ?? 'en';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

setLanguageSource(() => i18n.language);

export default i18n;
