import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startI18n } from './lib/i18n';

/** Renders an entry's app into #root once the words of the visitor's language are here. */
export function mount(app: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  // A promise, not a top-level await: with one, the bundler splits the entry into many small chunks.
  void startI18n().then(() => createRoot(root).render(<StrictMode>{app}</StrictMode>));
}
