import { type ReactNode, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n, { startI18n } from './lib/i18n';

/** The whole tree of an entry's app as it renders, in the browser and when the build prerenders it. */
export const appTree = (app: ReactNode) => <StrictMode>{app}</StrictMode>;

/**
 * Renders an entry's app into #root once the words of the visitor's language are here. A page the
 * build prerendered (a guest page) in the language the app shows is hydrated: React adopts the
 * markup on screen instead of replacing it, so what the visitor already sees stays (and counts as
 * painted). One in another language (a language cookie older than the app's choice) stays until the
 * app's first render replaces it.
 */
export function mount(app: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  // A promise, not a top-level await: with one, the bundler splits the entry into many small chunks.
  void startI18n().then(() => {
    if (root.hasChildNodes() && document.documentElement.lang === i18n.language) hydrateRoot(root, appTree(app));
    else createRoot(root).render(appTree(app)); // it empties #root at its first commit
  });
}
