import { SENTENCE_END, sentenceEnd } from '@freight/contracts';
import en from '@freight/contracts/locales/en.json' with { type: 'json' };
import es from '@freight/contracts/locales/es.json' with { type: 'json' };
import screensEn from '@freight/contracts/locales/screens.en.json' with { type: 'json' };
import screensEs from '@freight/contracts/locales/screens.es.json' with { type: 'json' };
import serverEn from '@freight/contracts/locales/server.en.json' with { type: 'json' };
import serverEs from '@freight/contracts/locales/server.es.json' with { type: 'json' };
import { LANGUAGES, type Language } from '@freight/domain';
import i18next, { type TFunction } from 'i18next';

type Catalog = { [key: string]: string | Catalog };

/** `shared` with `own`'s keys added, section by section (both have a `validation` section). */
function merged(shared: Catalog, own: Catalog): Catalog {
  const out: Catalog = { ...shared };
  for (const [key, value] of Object.entries(own)) {
    const base = out[key];
    out[key] = typeof value === 'object' && typeof base === 'object' ? merged(base, value) : value;
  }
  return out;
}

/**
 * The server speaks the shared catalogs, so a 422 reads the same as the form that sent it, and
 * its own (server.<lang>.json: mails, PDFs, API incidents, and the refusals only the server makes,
 * such as a claim past its deadline), which browsers never download: the shared catalog is in the
 * guest pages' first download, held to its budget. The shared words only signed-in screens show
 * (screens.<lang>.json: CSV imports, the catalogs, batches, customs) come to browsers with those
 * screens' words.
 */
export const catalogs = { en: merged(merged(en, screensEn), serverEn), es: merged(merged(es, screensEs), serverEs) };

const instance = i18next.createInstance();
await instance.use(sentenceEnd).init({
  resources: { en: { translation: catalogs.en }, es: { translation: catalogs.es } },
  postProcess: [SENTENCE_END],
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function translator(language: Language): TFunction {
  return instance.getFixedT(language);
}

const plainTexts = new Map<string, string>();

/**
 * The text of a key that takes no parameters, such as a charge label: a quote shows dozens of
 * them and an i18next lookup is costly under load. The catalogs never change while the process
 * runs and such keys come from the code, so each text is looked up once per language.
 */
export function plainText(language: Language, key: string) {
  const id = `${language}|${key}`;
  let text = plainTexts.get(id);
  if (text === undefined) {
    text = instance.t(key, { lng: language });
    plainTexts.set(id, text);
  }
  return text;
}

export function isMessageKey(value: string) {
  return instance.exists(value);
}

/** The best language for a request with no user: the first supported one in Accept-Language. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { lang: tag.toLowerCase().slice(0, 2), q: Number.isFinite(q) ? q : 0 };
    })
    .sort((a, b) => b.q - a.q);
  return (ranked.find((r) => (LANGUAGES as readonly string[]).includes(r.lang))?.lang as Language) ?? 'en';
}
