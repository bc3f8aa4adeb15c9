import type { Bilingual, TutorialChapter, TutorialLanguage, TutorialLine } from '../../apps/web/src/features/tutorials/manifest';

/** 75.5 -> '00:01:15.500' (WebVTT timestamps). */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** A WebVTT file of the lines in one language; each line is one cue. */
export function captionsVtt(lines: TutorialLine[], language: TutorialLanguage): string {
  const cues = lines.map(
    (line, i) => `${i + 1}\n${vttTime(line.start)} --> ${vttTime(line.end)}\n${line.text[language].replace(/-->/g, '->')}`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** Seconds rounded to milliseconds, as the manifest keeps them. */
export const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

export interface TimedStep {
  /** Seconds from the start of the recording. */
  start: number;
  caption: Bilingual;
  chapter?: Bilingual;
}

/**
 * The captions and chapters of a recording from its steps as timed during it: a step's caption
 * shows from its start to the next step's start (the last one to the end of the video); a chapter
 * starts with the first step that names it.
 */
export function timeline(steps: TimedStep[], duration: number): { transcript: TutorialLine[]; chapters: TutorialChapter[] } {
  const transcript = steps.map((step, i) => ({
    start: round(step.start),
    end: round(Math.min(steps[i + 1]?.start ?? duration, duration)),
    text: step.caption,
  }));
  const chapters = steps.filter((step) => step.chapter).map((step) => ({ start: round(step.start), title: step.chapter as Bilingual }));
  return { transcript, chapters };
}

/** A reading pace for a caption: long enough to read it in the slower of the two languages. */
export function readingMs(caption: Bilingual): number {
  const longest = Math.max(caption.en.length, caption.es.length);
  return 1400 + longest * 48;
}
