// `npm run build` (the server's part): apps/server/src to JavaScript in apps/server/dist, run
// with plain `node`, no TypeScript loader.
//
// esbuild rather than tsc with an outDir: the sources import each other without file extensions
// (moduleResolution "Bundler") and import packages/domain and packages/contracts as TypeScript,
// which Node's ESM loader cannot run as tsc would emit them. esbuild (already the engine of tsx
// and Vite here) bundles our own code, the two packages included, into a few ES modules in about
// a second and leaves every npm package external: production node_modules hold those, as today.
// Type checking stays `npm run typecheck`'s job.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { COMPILED_SERVER_NODE_OPTIONS, EMBEDDED_MALLOC_ENV, SERVER_MALLOC_ENV } from './server-node-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where the compiled server sits in the repository and in an image (the same place). */
const home = join(root, 'apps/server/dist');

/**
 * The sources find files beside them through `import.meta.url` (the migrations folder, the postal
 * code table, PGlite's initdb script, the web's dist): in one bundle every module would share the
 * bundle's URL. Each module's `import.meta.url` is therefore its source file's URL, worked out from
 * the bundle's own place at run time, so the compiled server reads the same files at the same
 * places as `npm start` does, and an image keeps those files at their places in the repository
 * (scripts/image-steps.sh lists them).
 */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|mts)$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const fromBundle = relative(home, args.path).split('\\').join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

/** Our workspace packages are bundled (they are TypeScript); every other package stays external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@freight/') ? undefined : { path: args.path, external: true }));
  },
};

/** The image's command: node with `npm start`'s options and environment, exec'd so node gets the signals. */
function launcher() {
  // Each variable a default the caller's environment may override.
  const exports = (vars, indent) => Object.entries(vars).map(([name, value]) => `${indent}export ${name}="\${${name}:-${value}}"`);
  const embeddedOnly = exports(EMBEDDED_MALLOC_ENV, '  ');
  return [
    '#!/bin/sh',
    '# Written by scripts/build-server.mjs from scripts/server-node-options.mjs.',
    'dir=$(dirname "$0")',
    ...exports(SERVER_MALLOC_ENV, ''),
    ...(embeddedOnly.length ? ['if [ -z "$DATABASE_URL" ]; then', ...embeddedOnly, 'fi'] : []),
    `exec node ${COMPILED_SERVER_NODE_OPTIONS.join(' ')} "$dir/server.js" "$@"`,
    '',
  ].join('\n');
}

/** `outdir`: apps/server/dist of the repository, or of a staged image tree (scripts/image-steps.sh). */
export async function buildServer(outdir = home) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const started = Date.now();
  await build({
    entryPoints: {
      server: join(root, 'apps/server/src/server.ts'),
      backup: join(root, 'apps/server/src/db/backup-cli.ts'),
      // A worker thread's code is a file of its own (shipping-documents-pdf.ts starts it by this name).
      'shipping-documents-worker': join(root, 'apps/server/src/modules/documents/shipping-documents.worker.ts'),
    },
    // Tells the code it runs from this bundle, so it starts the bundled worker, not the sources' boot file.
    define: { 'process.env.FREIGHT_SERVER_BUNDLE': '"1"' },
    outdir,
    bundle: true,
    // The PDF builders are loaded on first use (documents.routes.ts): they stay chunks of their own.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    // Error classes and handlers keep their names in logs and `instanceof`-free checks.
    keepNames: true,
    logLevel: 'warning',
    plugins: [externalPackages, sourceUrls],
    outExtension: { '.js': '.js' },
  });
  writeFileSync(join(outdir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(outdir, 'start.sh'), launcher(), { mode: 0o755 });
  console.log(`Server compiled to ${outdir} in ${Date.now() - started} ms.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--outdir');
  await buildServer(at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]) : home);
}
