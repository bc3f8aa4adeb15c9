import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadAllCatalogs } from '../lib/i18n';

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
// Mantine's autosize textarea listens for fonts loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: vi.fn(), removeEventListener: vi.fn() } });
}

// Each screen is a lazy chunk: its first import in a test file compiles it, which takes more than
// the default second of findBy* on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// Screens render outside the router's loaders here: every catalog is in place before any test.
await loadAllCatalogs();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
