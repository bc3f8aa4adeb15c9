// The portal's build runs on Preact's React compatibility layer instead of React DOM (vite.config.ts
// says when, and bench/README.md what it saves). What the layer lacks or does differently is here.
import { options } from 'preact';
import { createElement, Fragment } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19.2's Activity, which Mantine's Collapse, Transition and tab panels wrap their content in:
 * hidden content is not drawn at all. A wrapper element kept hidden instead froze the quote form.
 */
export function Activity({ mode, children }) {
  return mode === 'hidden' ? null : createElement(Fragment, null, children);
}

/**
 * Effects run right after the commit, before the browser dispatches the next input event, as React
 * runs them after a discrete event such as a key press. Left to run after the next frame (Preact's
 * default), a key typed in between met a number field whose effect still held the value before it:
 * the field and its form then set each other's value back and forth for ever, the page frozen.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
