import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Plugin } from 'vite';
// By path, like vite.config.ts: Node loads these without a bundler.
import { GUEST_PAGES, type GuestPage, guestPageFile } from '../../packages/domain/src/guest-pages';
import { LANGUAGES, type Language } from '../../packages/domain/src/settings';

type Prerender = (page: GuestPage, language: Language) => Promise<string>;

/** `search` once in `html`, else the build stops: a page whose shape changed would quietly lose its prerendering. */
function replaceOnce(html: string, search: string, replacement: string) {
  if (!html.includes(search)) throw new Error(`prerendering: the built page has no ${search}`);
  return html.replace(search, () => replacement);
}

/**
 * After the guest build, each guest page's frame (header, card, the page's own text and form) is
 * rendered into its HTML, in English (`login.html`) and in each other language (`login.es.html`,
 * which the server sends when the language cookie asks). A visitor on a slow phone sees the page
 * once the HTML and its stylesheet are in, instead of after React and Mantine have run; the script
 * then hydrates it (mount.tsx), starting from the prerendered guest's query and user (none) and
 * updating right after. The module that renders is loaded through a Vite server in SSR mode, so
 * it resolves like the app's own code.
 */
export const prerenderGuestPages = (configFile: string): Plugin => ({
  name: 'freight-prerender-guest-pages',
  apply: 'build',
  async writeBundle({ dir }) {
    if (!dir) throw new Error('prerendering: the build has no output folder');
    const server = await createServer({
      configFile,
      mode: 'prerender',
      logLevel: 'warn',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false },
    });
    try {
      const { prerender } = (await server.ssrLoadModule('/src/guest/prerender.tsx')) as { prerender: Prerender };
      for (const page of GUEST_PAGES) {
        const built = readFileSync(join(dir, guestPageFile(page)), 'utf8');
        for (const language of LANGUAGES) {
          const markup = await prerender(page, language);
          const html = replaceOnce(
            replaceOnce(built, '<html lang="en"', `<html lang="${language}"`),
            '<div id="root"></div>',
            `<div id="root">${markup}</div>`,
          );
          writeFileSync(join(dir, guestPageFile(page, language)), html);
        }
      }
    } finally {
      await server.close();
    }
  },
});
