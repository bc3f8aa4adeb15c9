import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Each module that imports Mantine components gets the stylesheets of those components (and of
 * the components they are built from) instead of the app loading Mantine's whole 254 KB sheet on
 * every page. Vite then splits the CSS like the scripts: a route's chunk brings its own styles.
 * Mantine ships one sheet per component (`@mantine/core/styles/<Component>.css`) for this; the
 * order it asks for (a component after the ones it is built from) is kept by listing dependencies
 * first. The global sheets (baseline, variables, global) stay in main.tsx.
 */
// The package's root, found from its entry (its package.json is not among its exports).
// The package's folders, found from its CommonJS entry (cjs/index.cjs; its package.json is not
// among its exports): the ES module sources beside it, whose imports the walk below reads.
const packageDir = join(dirname(createRequire(import.meta.url).resolve('@mantine/core')), '..');
const esmDir = join(packageDir, 'esm');
const stylesDir = join(packageDir, 'styles');

const sourcesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesOf(path);
    return name.endsWith('.mjs') ? [path] : [];
  });

/** A part of Mantine is a folder of its sources: `components/Select`, `utils/InlineInput`, `core/Box`. */
const partOf = (file: string) => relative(esmDir, file).split(sep).slice(0, 2).join('/');

const imports = new Map<string, string[]>();
/** The parts a part's sources import (`components/Popover` from Select's files). */
function builtFrom(part: string): string[] {
  const known = imports.get(part);
  if (known) return known;
  const found = new Set<string>();
  for (const file of sourcesOf(join(esmDir, part))) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from\s+"(\.[^"]+)"/g)) {
      const target = partOf(join(dirname(file), spec ?? ''));
      if (target !== part && !target.startsWith('..')) found.add(target);
    }
  }
  imports.set(part, [...found]);
  return [...found];
}

const sheets = new Map<string, string[]>();
/**
 * The stylesheets a part needs, those of the parts it is built from first: a depth-first walk of
 * everything it imports (parts import each other in cycles, so only whole walks are remembered).
 */
function sheetsOf(part: string): string[] {
  const known = sheets.get(part);
  if (known) return known;
  const seen = new Set<string>();
  const list: string[] = [];
  const walk = (p: string) => {
    if (seen.has(p) || !existsSync(join(esmDir, p))) return;
    seen.add(p);
    for (const dep of builtFrom(p)) walk(dep);
    const name = p.split('/')[1] ?? '';
    if (existsSync(join(stylesDir, `${name}.css`))) list.push(`@mantine/core/styles/${name}.css`);
  };
  walk(part);
  sheets.set(part, list);
  return list;
}

const CORE_IMPORT = /import\s+(?!type\s)\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
/** Mantine's other packages (modals, notifications, charts) draw core components of their own. */
const PACKAGE_IMPORT = /from\s*['"](@mantine\/(?!core['"/])[a-z-]+)['"]/g;

const packageSheets = new Map<string, string[]>();
/** The sheets of the core components a Mantine package's own sources import. */
function sheetsOfPackage(name: string): string[] {
  let known = packageSheets.get(name);
  if (!known) {
    const require = createRequire(import.meta.url);
    const dir = join(dirname(require.resolve(name)), '..', 'esm');
    known = existsSync(dir) ? [...new Set(sourcesOf(dir).flatMap((file) => mantineSheetsFor(readFileSync(file, 'utf8'))))] : [];
    packageSheets.set(name, known);
  }
  return known;
}

/** The core components and the Mantine packages a module imports. */
function mantineImportsOf(code: string) {
  const names = [...code.matchAll(CORE_IMPORT)].flatMap(([, list]) =>
    (list ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0] ?? ''),
  );
  const packages = [...code.matchAll(PACKAGE_IMPORT)].map(([, name]) => name ?? '');
  return { names, packages };
}

/** The stylesheet imports a module of the app needs for the Mantine components it imports. */
export function mantineSheetsFor(code: string): string[] {
  const { names, packages } = mantineImportsOf(code);
  return [...new Set([...names.flatMap((name) => sheetsOf(`components/${name}`)), ...packages.flatMap(sheetsOfPackage)])];
}

/**
 * The sheets of the parts the app's components are built from (Text for Anchor, Input for Select),
 * those of their own parts first: every entry loads them up front. Split with the chunks, a part's
 * sheet could arrive after the sheet of a component built on it, and its base rules, as specific
 * as the component's, would then win: Text's `text-decoration: none` took the underline off every
 * Anchor once a later screen brought Text's chunk. Loaded first, a part always comes before.
 */
export function sharedMantineSheets(modules: string[]): string[] {
  const shared = new Set<string>();
  for (const code of modules) {
    const { names, packages } = mantineImportsOf(code);
    for (const name of names) {
      for (const sheet of sheetsOf(`components/${name}`)) if (sheet !== `@mantine/core/styles/${name}.css`) shared.add(sheet);
    }
    for (const sheet of packages.flatMap(sheetsOfPackage)) shared.add(sheet);
  }
  return [...shared];
}

const appSourcesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return appSourcesOf(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/** Where the app's global sheets are imported, by both entries: the shared sheets go there. */
const GLOBAL_STYLES = /\/src\/globalStyles\.ts$/;

export function mantineStyles(): Plugin {
  let shared: string[] = [];
  return {
    name: 'freight:mantine-styles',
    enforce: 'pre',
    buildStart() {
      shared = sharedMantineSheets(appSourcesOf(join(import.meta.dirname, 'src')).map((file) => readFileSync(file, 'utf8')));
    },
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || id.includes('node_modules')) return null;
      const imports = GLOBAL_STYLES.test(id) ? shared : mantineSheetsFor(code);
      if (!imports.length) return null;
      // Appended, not prepended: imports are hoisted anyway, and the lines above keep their numbers
      // (so the source map needs no change).
      return { code: `${code}\n${imports.map((sheet) => `import '${sheet}';`).join(' ')}`, map: null };
    },
  };
}
