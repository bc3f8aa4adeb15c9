import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadScreenCatalogs } from '../lib/i18n';

/**
 * Every screen is its own chunk, fetched when its route is first matched (React Router's lazy
 * routes). The router resolves a route's loader before it renders, so a screen never flashes a
 * fallback. The guest pages (login, public tracking) are not here: they are a build of their own
 * (src/guest/, login.html and track-shipment.html).
 */
export type LoadScreen = () => Promise<ComponentType>;

/**
 * A screen with its words: those any screen may show and those of `words`, the word groups whose
 * words it shows (lib/wordGroups.ts: a feature's, for its own files, what it imports and the keys
 * it words; a part of the admin area's, for the admin keys it words). routeWords.test.ts reads the
 * sources to check.
 */
export const screen = (load: LoadScreen, words: readonly string[]): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [Component] = await Promise.all([load(), loadScreenCatalogs(words)]);
    return { Component };
  },
});

/** A first-visit page (login, sign-up, public tracking): its words are bundled. */
export const firstVisitScreen = (load: LoadScreen): Pick<RouteObject, 'lazy'> => ({ lazy: async () => ({ Component: await load() }) });
