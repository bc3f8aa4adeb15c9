/**
 * Records the video tutorials of the /video-tutorials page: real screen recordings of the product,
 * with their captions (English and Spanish WebVTT) timed during the recording.
 *
 *   npm run tutorials:record -w e2e                     all of catalog.ts
 *   npm run tutorials:record -w e2e -- quote-book-ltl   only the tutorials named (the others are kept)
 *
 * Prerequisites: Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH; never a downloaded
 * browser) and Debian's ffmpeg with libvpx (`apt-get install -y chromium ffmpeg`). Playwright's own
 * video recording needs an ffmpeg build that it downloads, so this script takes Chromium's
 * screencast (CDP Page.startScreencast) and encodes it with the system ffmpeg (screencast.ts).
 *
 * It starts the product as the scenarios do (scripts/start.mjs, which builds the web app when its
 * sources changed), on a fresh embedded database with demo data in e2e/.artifacts/tutorials/data,
 * on port TUTORIALS_PORT (3190, apart from the scenarios' 3100); TUTORIALS_BASE_URL uses a server
 * that is already running instead. Each tutorial (steps/<slug>.ts, listed in catalog.ts) is
 * recorded in a fresh browser signed in as its demo user, and writes into apps/web/public/tutorials/:
 *   <slug>.webm       VP9, 1280x800 at 8 frames a second
 *   <slug>.jpg        the poster
 *   <slug>.en.vtt     English subtitles, one cue per step, timed as recorded
 *   <slug>.es.vtt     the same in Spanish
 * and the manifest, apps/web/src/features/tutorials/manifest.json (titles, length, chapters and the
 * transcript in both languages), which the page imports; it sits among the web app's sources so a
 * new recording rebuilds the app. The recordings are committed: CI does not record them.
 *
 * A new tutorial: write steps/<slug>.ts (defineTutorial) and add it to catalog.ts.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, expect } from '@playwright/test';
import type { Tutorial, TutorialManifest } from '../../apps/web/src/features/tutorials/manifest';
import { TUTORIAL_FILES } from '../../apps/web/src/features/tutorials/manifest';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium';
import { DEMO_PASSWORD } from '../support/session';
import { captionsVtt, round, timeline } from './captions';
import { CATALOG } from './catalog';
import { Director, type TutorialScript } from './director';
import { POINTER_SCRIPT } from './pointer';
import { Screencast } from './screencast';

const ROOT = join(import.meta.dirname, '../..');
const PUBLIC_DIR = join(ROOT, 'apps/web/public/tutorials');
const MANIFEST = join(ROOT, 'apps/web/src/features/tutorials/manifest.json');
const WORK_DIR = join(ROOT, 'e2e/.artifacts/tutorials');
const VIEWPORT = { width: 1280, height: 800 };
const FPS = 8;

function requireFfmpeg() {
  const probe = spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' });
  if (probe.error || !probe.stdout.includes('libvpx-vp9')) {
    throw new Error('Debian’s ffmpeg with libvpx is needed: apt-get install -y ffmpeg');
  }
}

async function waitForServer(url: string, server: ChildProcess) {
  const until = Date.now() + 240_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode}); see ${WORK_DIR}/server.log`);
    try {
      if ((await fetch(`${url}/sanctum/csrf-cookie`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start in 4 minutes');
}

/** The product on a fresh embedded database with demo data, as e2e/support/serve.mjs starts it. */
async function startServer(): Promise<{ url: string; stop: () => void }> {
  const port = Number(process.env.TUTORIALS_PORT ?? 3190);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = join(WORK_DIR, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  const log = join(WORK_DIR, 'server.log');
  writeFileSync(log, '');
  const server = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), APP_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) stream?.on('data', (chunk) => writeFileSync(log, chunk, { flag: 'a' }));
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', stop);
  console.log(`Starting the product on ${url} (building the web app if needed)...`);
  await waitForServer(url, server);
  return { url, stop };
}

const hashOf = (files: string[]) => {
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
};

/** Records one tutorial; its files land in public/tutorials only once all of them are made. */
async function record(browser: Browser, baseURL: string, script: TutorialScript): Promise<Tutorial> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, locale: 'en-US', timezoneId: 'America/Chicago' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await context.addInitScript({ content: POINTER_SCRIPT });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto('/login');
  await page.getByLabel('Email').fill(script.user);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await script.prepare(page);
  // Site notices (the demo has a holiday notice) are closed before recording: they are not the topic.
  for (const close of await page.getByRole('button', { name: 'Close this notice' }).all()) await close.click();
  await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height - 120);
  await page.waitForTimeout(500);

  const temp = join(WORK_DIR, script.slug);
  mkdirSync(temp, { recursive: true });
  const video = join(temp, TUTORIAL_FILES.video(script.slug));
  const cast = new Screencast({ ...VIEWPORT, fps: FPS, output: video });
  await cast.start(page);
  const director = new Director(page, () => cast.elapsed());
  try {
    await script.run(director);
    await page.waitForTimeout(1500);
  } catch (error) {
    await page.screenshot({ path: join(temp, 'failure.png') }).catch(() => {});
    await cast.stop().catch(() => {});
    await context.close();
    throw error;
  }
  const duration = round(await cast.stop());
  await context.close();

  const { transcript, chapters } = timeline(director.steps, duration);
  const files = {
    video,
    poster: join(temp, TUTORIAL_FILES.poster(script.slug)),
    en: join(temp, TUTORIAL_FILES.captions(script.slug, 'en')),
    es: join(temp, TUTORIAL_FILES.captions(script.slug, 'es')),
  };
  writeFileSync(files.en, captionsVtt(transcript, 'en'));
  writeFileSync(files.es, captionsVtt(transcript, 'es'));
  const posterAt = director.posterAt ?? duration * 0.6;
  const poster = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(posterAt), '-i', video],
    ...['-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', '5', files.poster],
  ]);
  if (poster.status !== 0) throw new Error(`the poster of ${script.slug} failed: ${poster.stderr}`);

  mkdirSync(PUBLIC_DIR, { recursive: true });
  for (const file of Object.values(files)) renameSync(file, join(PUBLIC_DIR, file.slice(temp.length + 1)));
  const published = Object.values(files).map((file) => join(PUBLIC_DIR, file.slice(temp.length + 1)));
  return {
    slug: script.slug,
    title: script.title,
    duration,
    ...VIEWPORT,
    version: hashOf(published),
    chapters,
    transcript,
  };
}

function readManifest(): TutorialManifest | null {
  return existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as TutorialManifest) : null;
}

async function main() {
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = only.filter((slug) => !CATALOG.some((s) => s.slug === slug));
  if (unknown.length) throw new Error(`not in catalog.ts: ${unknown.join(', ')}`);
  const chosen = only.length ? CATALOG.filter((s) => only.includes(s.slug)) : CATALOG;
  requireFfmpeg();
  mkdirSync(WORK_DIR, { recursive: true });

  const server = process.env.TUTORIALS_BASE_URL ? { url: process.env.TUTORIALS_BASE_URL, stop: () => {} } : await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  const recorded = new Map<string, Tutorial>();
  let failure: unknown;
  try {
    for (const script of chosen) {
      console.log(`Recording ${script.slug}...`);
      const tutorial = await record(browser, server.url, script);
      recorded.set(script.slug, tutorial);
      console.log(`  ${tutorial.duration.toFixed(1)} s, ${tutorial.chapters.length} chapters, ${tutorial.transcript.length} captions`);
    }
  } catch (error) {
    failure = error;
  } finally {
    await browser.close();
    server.stop();
  }

  // The catalog's order; tutorials not recorded this time keep their earlier recording (also when
  // one failed: those recorded before it are in public/ already, and the manifest must match them).
  const before = new Map((readManifest()?.tutorials ?? []).map((t) => [t.slug, t]));
  const tutorials = CATALOG.map((s) => recorded.get(s.slug) ?? before.get(s.slug)).filter((t): t is Tutorial => Boolean(t));
  const manifest: TutorialManifest = { generated_by: 'npm run tutorials:record -w e2e (e2e/tutorials/record.ts)', tutorials };
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  if (failure) throw failure;

  let total = 0;
  for (const t of tutorials) {
    const size = statSync(join(PUBLIC_DIR, TUTORIAL_FILES.video(t.slug))).size;
    total += size;
    console.log(`${TUTORIAL_FILES.video(t.slug).padEnd(32)} ${(size / 1024).toFixed(0).padStart(6)} KB  ${t.duration.toFixed(1)} s`);
  }
  console.log(`${tutorials.length} videos, ${(total / 1024 / 1024).toFixed(2)} MB in all`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
