import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
// By path: the config is bundled by Vite, which leaves packages (.ts sources here) to Node.
import { GUEST_PAGES, guestPageFile, guestPageFileOf } from '../../packages/domain/src/guest-pages';
import { frameworkChunkOf, frameworkFirst } from './framework-chunks';
import { mantineStyles } from './mantine-styles';
import { prerenderGuestPages } from './prerender-guest-pages';
import { screensApart } from './screen-chunks';

const API = 'http://127.0.0.1:3000';

/** Always proxied: API and Sanctum paths that are never SPA routes (/email-verified is one, /email/... is not). */
const ALWAYS = ['^/api/', '^/sanctum/', '^/logout$', '^/email/', '^/user/'];
/**
 * Also SPA routes (login, register, forgot/reset password) or prefixes of SPA routes: only the
 * non-GET requests go to the server; a GET is a page load served by Vite (index.html).
 */
const UNSAFE_ONLY = ['/login', '/register', '/forgot-password', '/reset-password', '/password', '/profile'];

/** The page a GET of this URL loads, as the server answers it: a guest page's own, else the portal's. */
const pageOf = (url = '/') => `/${guestPageFileOf(url.split('?')[0] ?? '') ?? 'index.html'}`;

const unsafeOnly: ProxyOptions = {
  target: API,
  bypass(req) {
    if (req.method === 'GET' || req.method === 'HEAD') return pageOf(req.url);
    return undefined;
  },
};

/** The dev server answers the guest pages with their own page (its fallback knows only index.html). */
const guestPages = (): Plugin => ({
  name: 'freight-guest-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const page = guestPageFileOf(req.url?.split('?')[0] ?? '');
      if (req.method === 'GET' && page) req.url = `/${page}`;
      next();
    });
  },
});

const entry = (html: string) => fileURLToPath(new URL(html, import.meta.url));

/**
 * Two builds into one dist (`npm run build` runs both): the portal (index.html), then with
 * `--mode guest` the guest pages (login, public tracking), which share no chunk with the portal.
 * Shared with it, a guest page loaded two dozen small chunks (a Mantine component or a helper is
 * its own chunk when a portal screen uses it too) and painted 100-200 ms later on a slow phone;
 * alone, each is one script and one stylesheet beside their common chunk. The price: after login
 * the portal downloads its own React and Mantine once. Their frame is prerendered into their HTML
 * (prerender-guest-pages.ts); the dev server sends them unrendered.
 */
const GUEST_BUILD = 'guest';

/**
 * The first-visit words of the languages other than English (i18n.ts's FIRST_VISIT), which come
 * in a chunk of their own before the first render in that language. Left to the merging of small
 * chunks, which takes a module without side effects (a catalog) into any chunk loaded beside it,
 * the app's own Spanish words rode in a chunk every English list page loads (5 KB gzip).
 */
const FIRST_VISIT_WORDS =
  /([\\/]contracts[\\/]locales[\\/]|[\\/]src[\\/]locales[\\/]|[\\/](public|tracking)[\\/]locales[\\/]tracking\.|[\\/]notices[\\/]locales[\\/]notices\.)(\w+)\.json$/;
/**
 * A word group's catalogs of one language (lib/wordGroups.ts: a feature's, or a part of the admin
 * area's), loaded with the screens that show them: one chunk a group and language rather than one a
 * file, and never merged into a chunk of code (where a page would download words of a language it
 * does not show). Not the consignee alerts' (their form's chunk brings them).
 */
const GROUP_WORDS = /[\\/]features[\\/]([\w-]+)[\\/]locales[\\/]([\w-]+)\.(\w+)\.json$/;
const wordGroupChunk = (id: string) => {
  const words = GROUP_WORDS.exec(id);
  if (!words || (words[1] === 'public' && words[2] === 'consignee-alerts')) return undefined;
  return words[1] === 'admin' ? `words-admin-${words[2]}.${words[3]}` : `words-${words[1]}.${words[3]}`;
};
/** The video tutorials' manifest, read by the tutorials page only. */
const TUTORIALS_MANIFEST = /[\\/]features[\\/]tutorials[\\/]manifest\.json$/;
const PORTAL_OUTPUT = {
  experimentalMinChunkSize: 10_000,
  manualChunks: (id: string) => {
    const framework = frameworkChunkOf(id);
    if (framework) return framework;
    const words = FIRST_VISIT_WORDS.exec(id);
    // English is bundled with the entry (i18n.ts), and the screens' catalogs come in their own chunks.
    if (words) return words[3] === 'en' ? undefined : `words.${words[3]}`;
    const groupWords = wordGroupChunk(id);
    if (groupWords) return groupWords;
    // Apart: left to the merging of small chunks, the manifest (5 KB gzip) rode with a Mantine
    // stylesheet both layouts import, and every page downloaded it.
    if (TUTORIALS_MANIFEST.test(id)) return 'tutorials-manifest';
    return undefined;
  },
};

const fromRoot = (path: string) => fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));
/**
 * The portal's build runs on Preact's React compatibility layer, not React DOM: its framework chunk
 * is about 60 KB lighter (gzip), and the signed-in pages measured paint up to 30% sooner on a slow phone
 * (bench/README.md, "Signed-in pages"). Only that build: the guest pages are prerendered with React
 * DOM's server renderer, and the dev server (fast refresh) and the unit tests stay on React. The
 * scenarios run on the built portal, so they are what proves the app on Preact. `react` is a module
 * of ours (react-on-preact.mjs) that adds what the layer lacks; Preact 11 is the first that carries
 * Mantine 9, which passes `ref` as a plain prop and uses `useEffectEvent`.
 */
const ON_PREACT = [
  { find: /^react$/, replacement: fileURLToPath(new URL('react-on-preact.mjs', import.meta.url)) },
  { find: /^react-dom$/, replacement: fromRoot('preact/compat/dist/compat.mjs') },
  { find: /^react-dom\/client$/, replacement: fromRoot('preact/compat/client.mjs') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: fromRoot('preact/compat/jsx-runtime.mjs') },
];

// Built assets load from /build/, as the Laravel-style contract serves them; the dev server keeps serving from /.
export default defineConfig(({ command, mode }) => ({
  base: command === 'build' ? '/build/' : '/',
  plugins: [
    react(),
    mantineStyles(),
    guestPages(),
    ...(mode === GUEST_BUILD ? [prerenderGuestPages(fileURLToPath(import.meta.url))] : [frameworkFirst(), screensApart()]),
  ],
  resolve: { alias: command === 'build' && mode !== GUEST_BUILD ? ON_PREACT : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: mode !== GUEST_BUILD,
    rollupOptions: {
      input: mode === GUEST_BUILD ? GUEST_PAGES.map((page) => entry(guestPageFile(page))) : [entry('index.html')],
      output: mode === GUEST_BUILD ? {} : PORTAL_OUTPUT,
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(ALWAYS.map((p) => [p, { target: API }])),
      ...Object.fromEntries(UNSAFE_ONLY.map((p) => [`^${p}([/?].*)?$`, unsafeOnly])),
    },
  },
}));
