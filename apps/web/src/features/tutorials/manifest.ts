/**
 * The tutorials' manifest (manifest.json beside this file), written by the recording script
 * (e2e/tutorials/record.ts, `npm run tutorials:record -w e2e`) together with the videos, posters
 * and captions in apps/web/public/tutorials/. The recording script imports these types, so the
 * writer and the page agree on one shape.
 */

export const TUTORIAL_LANGUAGES = ['en', 'es'] as const;
export type TutorialLanguage = (typeof TUTORIAL_LANGUAGES)[number];

/** A text in both languages. */
export type Bilingual = Record<TutorialLanguage, string>;

export interface TutorialChapter {
  /** Seconds from the start of the video. */
  start: number;
  title: Bilingual;
}

/** One caption: what is said while one step of the tutorial is shown. */
export interface TutorialLine {
  start: number;
  end: number;
  text: Bilingual;
}

export interface Tutorial {
  slug: string;
  title: Bilingual;
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  /** A hash of the recorded files, added to their URLs so a new recording is never read from a cache. */
  version: string;
  chapters: TutorialChapter[];
  transcript: TutorialLine[];
}

export interface TutorialManifest {
  generated_by: string;
  tutorials: Tutorial[];
}

/** The files of a tutorial under public/tutorials/, by naming convention. */
export const TUTORIAL_FILES = {
  video: (slug: string) => `${slug}.webm`,
  poster: (slug: string) => `${slug}.jpg`,
  captions: (slug: string, language: TutorialLanguage) => `${slug}.${language}.vtt`,
} as const;
