import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderListScreen } from '../../../test/listScreen';
import { TUTORIAL_FILES, TUTORIAL_LANGUAGES, type TutorialManifest } from '../manifest';
import manifestJson from '../manifest.json';
import { clock } from '../tutorialAssets';

const manifest = manifestJson as TutorialManifest;
/** The files in public/tutorials: the captions' text, and the names of the others. */
const captionFiles = import.meta.glob<string>('../../../../public/tutorials/*.vtt', { query: '?raw', import: 'default', eager: true });
const mediaFiles = Object.keys(import.meta.glob('../../../../public/tutorials/*.{webm,jpg}', { query: '?url', eager: true }));
const named = (name: string) => `../../../../public/tutorials/${name}`;
const [first, second] = manifest.tutorials;

const open = (language: 'en' | 'es' = 'en', path = '/video-tutorials') => renderListScreen({ path, endpoint: '/api/none', language });

const video = () => screen.getByTestId('tutorial-video') as HTMLVideoElement;
const tracks = () => Array.from(video().querySelectorAll('track'));

describe('/video-tutorials', () => {
  let play: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    play = vi.fn(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as () => Promise<void>);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('has the six recorded tutorials, each with its files', () => {
    expect(manifest.tutorials.map((t) => t.slug)).toEqual([
      'quote-book-ltl',
      'quote-book-parcel',
      'track-and-share',
      'address-book-import',
      'pay-invoices',
      'ship-ebay-order',
    ]);
    for (const t of manifest.tutorials) {
      expect(t.duration).toBeGreaterThanOrEqual(30);
      expect(t.duration).toBeLessThanOrEqual(90);
      expect(t.chapters[0]?.start).toBeLessThan(1);
      expect(t.transcript.every((line) => line.text.en && line.text.es && line.end > line.start)).toBe(true);
      expect(mediaFiles).toContain(named(TUTORIAL_FILES.video(t.slug)));
      expect(mediaFiles).toContain(named(TUTORIAL_FILES.poster(t.slug)));
      // The subtitles are the transcript, cue for cue.
      for (const language of TUTORIAL_LANGUAGES) {
        const vtt = captionFiles[named(TUTORIAL_FILES.captions(t.slug, language))] ?? '';
        expect(vtt.startsWith('WEBVTT')).toBe(true);
        expect(vtt.match(/ --> /g)).toHaveLength(t.transcript.length);
        expect(vtt).toContain(t.transcript.at(-1)?.text[language]);
      }
    }
  });

  it('lists the tutorials with poster, title and length, and plays the first with English subtitles', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Video Tutorials' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Tutorials' });
    const cards = within(list).getAllByRole('button');
    expect(cards).toHaveLength(manifest.tutorials.length);
    manifest.tutorials.forEach((t, i) => {
      expect(cards[i]).toHaveAccessibleName(`${t.title.en} Length ${clock(t.duration)} minutes${i === 0 ? ' Now showing' : ''}`);
      expect(cards[i]?.querySelector('img')?.getAttribute('src')).toBe(`/tutorials/${t.slug}.jpg?v=${t.version}`);
    });
    expect(cards[0]).toHaveAttribute('aria-pressed', 'true');

    expect(screen.getByRole('heading', { name: first?.title.en })).toBeInTheDocument();
    expect(video()).toHaveAccessibleName(`Video: ${first?.title.en}`);
    expect(video().querySelector('source')?.getAttribute('src')).toBe(`/tutorials/${first?.slug}.webm?v=${first?.version}`);
    expect(tracks().map((t) => [t.srclang, t.kind, t.label, t.default])).toEqual([
      ['en', 'subtitles', 'English', true],
      ['es', 'subtitles', 'Spanish', false],
    ]);
    expect(tracks()[0]?.getAttribute('src')).toBe(`/tutorials/${first?.slug}.en.vtt?v=${first?.version}`);

    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(within(transcript).getAllByRole('listitem')).toHaveLength(first?.transcript.length ?? 0);
    expect(transcript).toHaveTextContent(first?.transcript[0]?.text.en ?? '');
  });

  it('selecting a tutorial shows it in the player', async () => {
    const { router } = open();
    const list = await screen.findByRole('list', { name: 'Tutorials' });
    await userEvent.click(within(list).getByRole('button', { name: new RegExp(`^${second?.title.en}`) }));
    expect(await screen.findByRole('heading', { name: second?.title.en })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: new RegExp(`^${second?.title.en}`) })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe(`?tutorial=${second?.slug}`);
    expect(video().querySelector('source')?.getAttribute('src')).toContain(`${second?.slug}.webm`);
    expect(screen.getByRole('region', { name: 'Transcript' })).toHaveTextContent(second?.transcript[0]?.text.en ?? '');
  });

  it('a chapter seeks the video there, plays it and becomes the current chapter', async () => {
    open('en', `/video-tutorials?tutorial=${second?.slug}`);
    const chapters = await screen.findByRole('navigation', { name: 'Chapters' });
    const buttons = within(chapters).getAllByRole('button');
    expect(buttons).toHaveLength(second?.chapters.length ?? 0);
    expect(buttons[0]).toHaveAttribute('aria-current', 'step');
    const target = second?.chapters[1];
    expect(buttons[1]).toHaveAccessibleName(`${clock(target?.start ?? 0)} ${target?.title.en}`);

    await userEvent.click(buttons[1] as HTMLElement);
    expect(video().currentTime).toBeCloseTo(target?.start ?? -1, 3);
    expect(play).toHaveBeenCalled();
    expect(buttons[1]).toHaveAttribute('aria-current', 'step');
    expect(buttons[0]).not.toHaveAttribute('aria-current');

    // Keyboard: Tab to the last chapter and Enter.
    const last = buttons.at(-1) as HTMLElement;
    last.focus();
    await userEvent.keyboard('{Enter}');
    expect(video().currentTime).toBeCloseTo(second?.chapters.at(-1)?.start ?? -1, 3);
  });

  it('in Spanish: Spanish titles, the Spanish subtitles by default and the Spanish transcript', async () => {
    open('es');
    expect(await screen.findByRole('heading', { name: 'Videotutoriales' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Tutoriales' });
    expect(within(list).getAllByRole('button')[0]).toHaveAccessibleName(
      `${first?.title.es} Duración ${clock(first?.duration ?? 0)} minutos En reproducción`,
    );
    expect(screen.getByRole('heading', { name: first?.title.es })).toBeInTheDocument();
    await waitFor(() =>
      expect(tracks().map((t) => [t.srclang, t.label, t.default])).toEqual([
        ['en', 'Inglés', false],
        ['es', 'Español', true],
      ]),
    );
    const transcript = screen.getByRole('region', { name: 'Transcripción' });
    expect(transcript).toHaveTextContent(first?.transcript[0]?.text.es ?? '');
    expect(transcript).not.toHaveTextContent(first?.transcript[0]?.text.en ?? '');
    expect(within(screen.getByRole('navigation', { name: 'Capítulos' })).getAllByRole('button')[0]).toHaveTextContent(
      first?.chapters[0]?.title.es ?? '',
    );
  });
});
