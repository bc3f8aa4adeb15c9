import '@testing-library/jest-dom/vitest';
import { Popover, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { theme } from '../app/theme';
import { formWatch } from '../components/a11y/watchSubmittedForm';
import i18n, { loadAllCatalogs } from '../lib/i18n';
import { SCREEN_WAIT } from './busyWait';
import { installFastLabels } from './fastLabels';
import { installFastStyles } from './fastStyles';
import { setCookie } from './fixtures';

// React's development build (the only one testing-library's act runs on) records where each element
// was created, an Error with its stack and a console task per element, up to 10,000 a render, for
// the component stacks of its warnings: about 15% of the web tests' CPU time here. Counting
// every render as past that limit keeps the warnings and drops only their owner stacks.
const reactInternals = (React as unknown as Record<string, object>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => 10_000, set: () => {}, configurable: true });
}

// Mantine reads matchMedia and ResizeObserver, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};
// jsdom lays nothing out and reports its scrollTo as not implemented; the router scrolls each new page to its top.
window.scrollTo = () => {};
// jsdom finds a field's labels by searching the whole page once per label (fastLabels.ts says why
// that matters): the same answers through the id index.
installFastLabels(window);
// Names and visibility checks ask jsdom for thousands of computed styles (fastStyles.ts says why that matters).
installFastStyles(window);
// Mantine's autosize textarea listens for fonts loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: vi.fn(), removeEventListener: vi.fn() } });
}

// jsdom lays nothing out: every box is empty at the page's corner, which floating-ui's hide
// middleware reads as a target scrolled out of view, and Mantine then hides an open menu's,
// select's or tooltip's dropdown (display: none). That position is computed asynchronously: a
// test that looked for a menu's items before it came found them, one that looked after (the
// usual order on a loaded CI machine) never did. A browser lays the page out; here the dropdowns
// stay shown while open. (Mantine's own test mode does the same, but also drops portals and
// transitions, which the tests here keep.)
theme.components = {
  ...theme.components,
  Popover: Popover.extend({ defaultProps: { hideDetached: false } }),
  Tooltip: Tooltip.extend({ defaultProps: { hideDetached: false } }),
};

// Each screen is a lazy chunk: its first import in a test file compiles it, which takes more than
// the default second of findBy* on a busy machine (and more than 5 s in CI beside four other lanes;
// with helpers' tests beside CI, screens waited past 15 s too). The limit ends a wait that will never
// be met; a wait that is met returns at once, so a passing test is no slower for it.
configure({ asyncUtilTimeout: SCREEN_WAIT.timeout });
// A submitted form is watched for its errors as long as a find waits (see formWatch).
formWatch.ms = SCREEN_WAIT.timeout;

// Screens render outside the router's loaders here: every catalog is in place before any test.
await loadAllCatalogs();

// Each test starts on an empty page, whatever the one before it left, in its file or (as the files
// of a worker share one window and their modules) in the file before. Mantine keeps its notices in
// a store of the module, not of the rendered tree: a notice a test showed would otherwise still be
// on screen (an extra alert, the first Tab stop) in the next test.
afterEach(() => {
  cleanup();
  notifications.clean();
  // What rendering leaves in the body outside React's trees: Mantine's shared portal node (with a
  // closed menu's or modal's last state) and what an open modal set on the body and its siblings
  // (scroll lock, aria-hidden). Left there, a later file's menu items were not found by role in CI.
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  localStorage.clear();
});

// The files of a worker share one window (isolate: false): each starts as in a new one, whatever
// the file before it left: the page's address, cookies, storage, the language and stubbed globals.
beforeAll(async () => {
  window.history.replaceState(null, '', '/');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) setCookie(name, '');
  }
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
