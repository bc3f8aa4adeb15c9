import { createElement, render } from 'preact';
import { useEffect } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
// The built portal's `react` (vite.config.ts): Preact's compatibility layer and what it adds to it.
import { Activity } from './react-on-preact.mjs';

const host = document.createElement('div');

/** A field whose effect notes that it ran. */
function Field({ seen }: { seen: string[] }) {
  useEffect(() => {
    seen.push('effect');
  });
  return null;
}
afterEach(() => render(null, host));

describe('the built portal on Preact', () => {
  it("draws an Activity's content while visible and nothing while hidden, and draws it again when shown", () => {
    const shown = (mode: 'visible' | 'hidden') => render(createElement(Activity, { mode }, createElement('p', null, 'panel')), host);
    shown('visible');
    expect(host.textContent).toBe('panel');
    shown('hidden');
    expect(host.textContent).toBe('');
    shown('visible');
    expect(host.textContent).toBe('panel');
  });

  it('runs effects right after the commit, before anything else the browser has queued (such as a key press)', async () => {
    const seen: string[] = [];
    render(createElement(Field, { seen }), host);
    // A task queued now stands for the next key press: it must find the effect already run.
    const next = new Promise<void>((resolve) =>
      setTimeout(() => {
        seen.push('next task');
        resolve();
      }),
    );
    await next;
    expect(seen).toEqual(['effect', 'next task']);
  });
});
