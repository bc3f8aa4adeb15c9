import type { Plugin } from 'vite';

/**
 * The screens (each feature's `routes/` folder) and the whole admin area: code that only the pages
 * showing it should download.
 */
const SCREEN_OR_ADMIN = /[\\/]src[\\/]features[\\/](admin[\\/]|[\w-]+[\\/]routes[\\/])/;

/** Whether a module is kept out of the chunks that pages not showing it load (`screensApart`). */
export const keptApart = (id: string): boolean => SCREEN_OR_ADMIN.test(id) && !id.endsWith('.css') && !id.endsWith('.json');

/**
 * Rollup merges a chunk under `experimentalMinChunkSize` into a chunk loaded under similar
 * conditions, when the merged code has no side effects, even where a page then downloads code it
 * does not run: the list pages loaded admin screens (the pricing and carrier scorecard pages) and
 * parts of other screens, about 8 KB gzip, in chunks named after a helper of their own. A module
 * marked as having side effects is only merged into chunks loaded exactly where it is, so these
 * are marked. Marked, a module is also kept whole (no unused export dropped), which these modules
 * barely have.
 */
export const screensApart = (): Plugin => ({
  name: 'freight-screens-apart',
  enforce: 'post',
  transform(code, id) {
    // `map: null`: the code is unchanged, so the source map of the step before holds.
    return keptApart(id) ? { code, map: null, moduleSideEffects: 'no-treeshake' } : undefined;
  },
});
