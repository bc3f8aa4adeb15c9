import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureOfPath, WORD_FEATURES } from '../lib/featureCatalogs';
import { ADMIN_WORDS } from './router';

/**
 * A route loads the words of the features it names (router.tsx) besides those every screen may
 * show. This reads the sources to check that each route names every feature whose words its screen
 * can show: the features of the files it imports, however deep and lazily (a dialog opened later
 * shows its words too), and the owners of the keys its files name outright ('claims.title', or a
 * key's start before a `${...}`), since a screen may word a key of a feature it does not import.
 */
type Tree = { [key: string]: string | Tree };

const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const CATALOGS = import.meta.glob<Tree>('../features/*/locales/*.en.json', { import: 'default', eager: true });

/** Sources by path from src/ ('app/router.tsx'). */
const source = new Map(Object.entries(SOURCES).map(([path, text]) => [posix.normalize(posix.join('app', path)), text]));

/** Every key of the feature catalogs (those a route must name) and the feature it belongs to. */
const owners = new Map<string, Set<string>>();
for (const [path, tree] of Object.entries(CATALOGS)) {
  const feature = featureOfPath(path);
  if (feature === 'admin') continue;
  const walk = (node: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string') owners.set(`${prefix}${k}`, (owners.get(`${prefix}${k}`) ?? new Set()).add(feature));
      else walk(v, `${prefix}${k}.`);
    }
  };
  walk(tree, '');
}
const keys = [...owners.keys()];

function resolve(from: string, spec: string): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((p) => source.has(p));
}

/** The files `start` imports, statically or lazily, however deep (within src/). */
function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length) {
    const file = todo.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of (source.get(file) ?? '').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      const target = resolve(file, m[1] ?? '');
      if (target) todo.push(target);
    }
  }
  return seen;
}

/** The features whose words the files can show. */
function featuresShownBy(files: Set<string>): Set<string> {
  const needed = new Set<string>();
  for (const file of files) {
    const feature = featureOfPath(file);
    if (feature && WORD_FEATURES.includes(feature)) needed.add(feature);
    // Permission names look like keys ('catalog.view'); the file words nothing.
    if (file === 'lib/permissions.ts') continue;
    const text = source.get(file) ?? '';
    for (const m of text.matchAll(/'([a-z0-9_]+(?:\.[a-zA-Z0-9_]+)+)'/g)) for (const f of owners.get(m[1] ?? '') ?? []) needed.add(f);
    for (const m of text.matchAll(/`([a-z0-9_]+\.[a-zA-Z0-9_.]*)\$\{/g)) {
      const start = m[1] ?? '';
      for (const key of keys) if (key.startsWith(start)) for (const f of owners.get(key) ?? []) needed.add(f);
    }
  }
  return needed;
}

/** Each screen the router loads with `screen(load, words)`: the module loaded and the words named. */
function screens(): { module: string; words: string[] }[] {
  const router = source.get('app/router.tsx') ?? '';
  const helpers = new Map([...router.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map((m) => [m[1], m[2]]));
  // A list of words is written out, or named by a constant in capitals (QUOTE_WORDS).
  const lists = new Map([...router.matchAll(/const ([A-Z][A-Z_]+)(?::[^=]+)? = \[([^\]]*)\]/g)].map((m) => [m[1], m[2]]));
  const calls = [
    ...router.matchAll(/\bscreen\(\s*\(\) =>\s*(?:import\('([^']+)'\)|(\w+)\(\))[\s\S]*?,\s*(?:\[([^\]]*)\]|([A-Z][A-Z_]+))\s*,?\s*\)/g),
  ];
  return calls.map((m) => {
    const spec = m[1] ?? helpers.get(m[2] ?? '') ?? '';
    const module = resolve('app/router.tsx', spec) ?? spec;
    const list = m[3] ?? lists.get(m[4] ?? '');
    if (list === undefined) throw new Error(`no list of words named ${m[4]} in router.tsx`);
    const words = [...list.matchAll(/'([^']+)'/g)].map((w) => w[1] ?? '');
    return { module, words };
  });
}

describe("the routes' words", () => {
  it('name only features that have words', () => {
    const named = [...screens().flatMap((s) => s.words), ...ADMIN_WORDS];
    expect(named.filter((w) => !WORD_FEATURES.includes(w))).toEqual([]);
  });

  it('name every feature whose words a screen can show', () => {
    const found = screens();
    expect(found.length).toBeGreaterThan(40);
    const missing = found
      .map(({ module, words }) => ({ module, missing: [...featuresShownBy(closure(module))].filter((f) => !words.includes(f)).sort() }))
      .filter((s) => s.missing.length > 0);
    expect(missing).toEqual([]);
  });

  it('bring the admin area every feature whose words its screens can show', () => {
    const router = source.get('app/router.tsx') ?? '';
    // The admin screens' table, their children's and the admin routes, and the admin layout.
    const area = router.slice(router.indexOf('const ADMIN_SCREENS'), router.indexOf('const quotes = '));
    const modules = [...area.matchAll(/import\('([^']+)'\)/g), ...router.matchAll(/import\('(\.\/layouts\/AdminLayout)'\)/g)].map(
      (m) => resolve('app/router.tsx', m[1] ?? '') ?? '',
    );
    expect(modules.length).toBeGreaterThan(30);
    const needed = new Set(modules.flatMap((module) => [...featuresShownBy(closure(module))]));
    expect([...needed].filter((f) => !ADMIN_WORDS.includes(f)).sort()).toEqual([]);
  });
});
