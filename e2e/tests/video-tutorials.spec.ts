import { readFileSync } from 'node:fs';
import type { TutorialManifest } from '../../apps/web/src/features/tutorials/manifest';
import { logInAsLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, type Locator, test } from '../support/test';

const manifest = JSON.parse(
  readFileSync(new URL('../../apps/web/src/features/tutorials/manifest.json', import.meta.url), 'utf8'),
) as TutorialManifest;

/** What the video element says about its playback and its text tracks. */
const state = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    paused: v.paused,
    error: v.error?.code ?? null,
    tracks: Array.from(v.textTracks).map((t) => ({
      kind: t.kind,
      language: t.language,
      mode: t.mode,
      cue: (t.activeCues?.[0] as VTTCue | undefined)?.text ?? null,
    })),
  }));

test('a shipper working in Spanish plays a tutorial, with the Spanish subtitles showing and the chapters seeking', async ({ page }) => {
  test.setTimeout(120_000);
  // A look-alike of the demo shipper: the language is their own to change.
  const shipper = await logInAsLookAlike(page, 'shipper@demo.test', 'video-tutorials', { settings: { language: 'es' } });
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Videotutoriales' }).click();
  await expect(page).toHaveURL(/\/video-tutorials$/);
  await expect(page.getByRole('heading', { name: 'Videotutoriales' })).toBeVisible();
  await expect(page).toHaveTitle('Videotutoriales | Freight Portal');

  const list = page.getByRole('list', { name: 'Tutoriales' });
  await expect(list.getByRole('button')).toHaveCount(manifest.tutorials.length);
  for (const t of manifest.tutorials)
    await expect(list.getByRole('button', { name: new RegExp(`^${t.title.es}\\W+Duración`) })).toBeVisible();
  // Every poster is served and drawn (the CSP allows same-origin images).
  await expect
    .poll(() => list.locator('img').evaluateAll((imgs: HTMLImageElement[]) => imgs.every((i) => i.complete && i.naturalWidth > 0)))
    .toBe(true);

  const tutorial = manifest.tutorials.find((t) => t.slug === 'track-and-share') ?? manifest.tutorials[0];
  if (!tutorial) throw new Error('no tutorial in the manifest');
  await list.getByRole('button', { name: new RegExp(`^${tutorial.title.es}`) }).click();
  await expect(page).toHaveURL(new RegExp(`tutorial=${tutorial.slug}`));
  await expect(page.getByRole('heading', { name: tutorial.title.es })).toBeVisible();
  const video = page.getByTestId('tutorial-video');
  await expect(video).toHaveAccessibleName(`Video: ${tutorial.title.es}`);

  // The Spanish subtitles are the default track; the English one is there, off.
  await expect.poll(async () => (await state(video)).tracks.map((t) => `${t.language}:${t.mode}`)).toEqual(['en:disabled', 'es:showing']);

  // A chapter (a click: the user's gesture) seeks there and plays.
  const chapters = page.getByRole('navigation', { name: 'Capítulos' });
  const second = tutorial.chapters[1];
  if (!second) throw new Error('the tutorial has one chapter');
  await chapters.getByRole('button', { name: second.title.es }).click();
  await expect.poll(async () => (await state(video)).paused).toBe(false);
  const started = (await state(video)).time;
  expect(started).toBeGreaterThanOrEqual(second.start - 0.1);
  // It really plays: the time moves on.
  await expect.poll(async () => (await state(video)).time, { timeout: 10_000 }).toBeGreaterThan(started + 1.5);
  expect((await state(video)).error).toBeNull();
  await expect(chapters.getByRole('button', { name: second.title.es })).toHaveAttribute('aria-current', 'step');

  // The cue on screen is the Spanish caption of the step being shown.
  const spanish = tutorial.transcript.map((l) => l.text.es);
  await expect
    .poll(async () => {
      const cue = (await state(video)).tracks.find((t) => t.language === 'es')?.cue;
      return cue && spanish.includes(cue) ? 'a Spanish caption' : cue;
    })
    .toBe('a Spanish caption');
  const transcript = page.getByRole('region', { name: 'Transcripción' });
  await expect(transcript.getByRole('listitem')).toHaveCount(tutorial.transcript.length);
  await expect(transcript).toContainText(tutorial.transcript[0]?.text.es ?? '');

  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'video-tutorials-es');

  // The same page in English: English subtitles by default (signed in afresh, the user back in
  // English: the browser still holds the Spanish user, and its login page would be in Spanish).
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await logIn(page, shipper.email, { password: shipper.password, settings: { language: 'en' }, at: '/video-tutorials' });
  await expect(page.getByRole('heading', { name: 'Video Tutorials' })).toBeVisible();
  await expect.poll(async () => (await state(video)).tracks.map((t) => `${t.language}:${t.mode}`)).toEqual(['en:showing', 'es:disabled']);
  await expect(page.getByRole('region', { name: 'Transcript' })).toContainText(manifest.tutorials[0]?.transcript[0]?.text.en ?? '');
  await snap(page, 'video-tutorials-en');
});
