import type { GuestPage, Language } from '@freight/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY, LANGUAGE_KEY } from '../lib/authState';
import i18n from '../lib/i18n';
import { appTree } from '../mount';
import { jsonResponse, makeUser } from '../test/fixtures';
import { stubApi } from '../test/renderApp';
import { GuestApp } from './GuestApp';
import { GUEST_PAGE_SCREENS } from './pages';
import { prerender } from './prerender';

let root: Root | undefined;
afterEach(async () => {
  await act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

/** A page holding `markup` in #root loaded at `url`, hydrated like mount() does; the mismatches React reported. */
async function hydrate(page: GuestPage, markup: string, url: string) {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  const container = document.getElementById('root') as HTMLElement;
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, appTree(<GuestApp page={GUEST_PAGE_SCREENS[page]} />), {
      onRecoverableError: (error) => mismatches.push(error),
    });
  });
  return mismatches;
}

/** The build's page in `language` loaded at `url`. */
const loadPrerendered = async (page: GuestPage, language: Language, url: string) => hydrate(page, await prerender(page, language), url);

describe('prerendered guest pages', () => {
  it("renders each page's frame in each language, as a guest sees it before any script has run", async () => {
    const pages = {
      '/login': { en: 'Log in', es: 'Iniciar sesión' },
      '/track-shipment': { en: 'Track a Shipment', es: 'Rastrear un envío' },
    } as const;
    for (const [page, titles] of Object.entries(pages) as [GuestPage, Record<Language, string>][]) {
      for (const language of ['en', 'es'] as const) {
        const markup = await prerender(page, language);
        expect(markup, `${page} ${language}`).toContain(`>${titles[language]}</h`);
        // The language switcher is there for a guest; the theme's variables come with the markup.
        expect(markup).toContain('Español');
        expect(markup).toContain('data-mantine-styles');
      }
    }
  });

  it('ignores the query and the signed-in user of the build machine: the markup is the same whatever they are', async () => {
    window.history.replaceState(null, '', '/track-shipment?number=FP00012345');
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser()));
    const markup = await prerender('/track-shipment', 'en');
    localStorage.clear();
    window.history.replaceState(null, '', '/track-shipment');
    expect(markup).not.toContain('FP00012345');
    expect(await prerender('/track-shipment', 'en')).toBe(markup);
  });

  it('hydrates without a mismatch, then shows the number asked for and the signed-in user their own frame', async () => {
    stubApi({ 'GET /api/public/tracking/FP00012345': () => jsonResponse(404, { message: 'Not found.', code: 'not_found' }) });
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser()));
    const mismatches = await loadPrerendered('/track-shipment', 'en', '/track-shipment?number=FP00012345');
    expect(await screen.findByDisplayValue('FP00012345')).toBeInTheDocument();
    // A verified user changes the language in their settings, not here.
    await waitFor(() => expect(screen.queryByText('Español')).not.toBeInTheDocument());
    expect(mismatches).toEqual([]);
  });

  it("hydrates the Spanish page for a guest who chose Spanish; a page in another language than the app's is a mismatch React repairs", async () => {
    stubApi({});
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await act(() => i18n.changeLanguage('es'));
    expect(await loadPrerendered('/login', 'es', '/login')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await act(() => root?.unmount());

    const markup = await prerender('/login', 'en');
    await act(() => i18n.changeLanguage('es'));
    expect((await hydrate('/login', markup, '/login')).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});
