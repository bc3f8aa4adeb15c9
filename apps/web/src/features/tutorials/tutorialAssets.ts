import { TUTORIAL_FILES, type Tutorial, type TutorialLanguage, type TutorialManifest } from './manifest';

/**
 * The manifest, loaded with the page (its own chunk: titles, chapters and transcripts stay out of
 * the main bundle).
 */
export const loadManifest = (): Promise<TutorialManifest> => import('./manifest.json').then((m) => m.default as TutorialManifest);

/**
 * The URL of a tutorial's file in public/tutorials/: under the app's base ('/' in dev, '/build/'
 * when built), with the recording's version so a new recording is never read from a cache (the
 * built app's files are cached for a year).
 */
export function tutorialUrl(tutorial: Tutorial, file: string): string {
  return `${import.meta.env.BASE_URL}tutorials/${file}?v=${tutorial.version}`;
}

export const videoUrl = (t: Tutorial) => tutorialUrl(t, TUTORIAL_FILES.video(t.slug));
export const posterUrl = (t: Tutorial) => tutorialUrl(t, TUTORIAL_FILES.poster(t.slug));
export const captionsUrl = (t: Tutorial, language: TutorialLanguage) => tutorialUrl(t, TUTORIAL_FILES.captions(t.slug, language));

/** The tutorials' language for the UI's: Spanish for Spanish, else English. */
export const tutorialLanguage = (uiLanguage: string | undefined): TutorialLanguage => (uiLanguage?.startsWith('es') ? 'es' : 'en');

/** 77.9 -> '1:17' (whole seconds, as the video's controls count). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds + 1e-6));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The index of the chapter (or transcript line) playing at `time`: the last one started. */
export function currentIndex(starts: number[], time: number): number {
  let index = 0;
  starts.forEach((start, i) => {
    if (start <= time + 0.05) index = i;
  });
  return index;
}
