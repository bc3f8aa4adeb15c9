import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import adminWords from '../lib/adminWords';
import featureWords from '../lib/featureWords';
import { featureOfPath, wordGroupOf } from '../lib/wordGroups';

const WORD_GROUPS = [...featureWords.groups, ...adminWords.groups];

/**
 * A route loads the words of the word groups it names (app/screens.ts, lib/wordGroups.ts) besides those
 * every screen may show. This reads the sources to check that each route names every group whose
 * words its screen can show: the features of the files it imports, however deep and lazily (a
 * dialog opened later shows its words too), and the groups of the keys its files name outright
 * ('claims.title', or a key's start before a `${...}`), since a screen may word a key of a feature it
 * does not import, and the admin area's parts are groups of their own.
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

/** Every key of the word groups' catalogs (those a route must name) and the groups it belongs to. */
const owners = new Map<string, Set<string>>();
for (const [path, tree] of Object.entries(CATALOGS)) {
  const group = wordGroupOf(path);
  const walk = (node: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string') owners.set(`${prefix}${k}`, (owners.get(`${prefix}${k}`) ?? new Set()).add(group));
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

/** The word groups whose words the files can show. */
function groupsShownBy(files: Set<string>): Set<string> {
  const needed = new Set<string>();
  for (const file of files) {
    const feature = featureOfPath(file);
    if (feature && WORD_GROUPS.includes(feature)) needed.add(feature);
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

/** The files that build the router's table of routes (router.tsx and the areas' tables it gathers). */
const ROUTE_FILES = ['app/router.tsx', 'app/adminRoutes.tsx', 'app/customerRoutes.tsx'];

/** A list of words as the route files write it: out (`['quotes']`) or named by a constant in capitals (QUOTE_WORDS). */
const LIST = String.raw`(?:\[([^\]]*)\]|([A-Z][A-Z_]+))`;

/**
 * Each screen a route file loads with its words: `screen(load, words)`, the admin pages'
 * `{ load, words }`, and the first-visit pages, which name none. The module loaded and the words named.
 */
function screensOf(file: string): { module: string; words: string[] }[] {
  const text = source.get(file) ?? '';
  const helpers = new Map([...text.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)].map((m) => [m[1], m[2]]));
  const lists = new Map([...text.matchAll(/const ([A-Z][A-Z_]+)(?::[^=]+)? = \[([^\]]*)\]/g)].map((m) => [m[1], m[2]]));
  const calls = [
    ...text.matchAll(new RegExp(String.raw`\bscreen\(\s*\(\) =>\s*(?:import\('([^']+)'\)|(\w+)\(\))[\s\S]*?,\s*${LIST}\s*,?\s*\)`, 'g')),
    ...text.matchAll(new RegExp(String.raw`\bload: \(\) =>\s*(?:import\('([^']+)'\)|(\w+)\(\))(?:(?!load:)[\s\S])*?words: ${LIST}`, 'g')),
  ];
  // A first-visit page's words are all bundled: it may show no feature's.
  const firstVisit = [...text.matchAll(/\bfirstVisitScreen\(\s*\(\) =>\s*import\('([^']+)'\)/g)].map((m) => ({
    module: resolve(file, m[1] ?? '') ?? '',
    words: [],
  }));
  const named = calls.map((m) => {
    const spec = m[1] ?? helpers.get(m[2] ?? '') ?? '';
    const module = resolve(file, spec) ?? spec;
    const list = m[3] ?? lists.get(m[4] ?? '');
    if (list === undefined) throw new Error(`no list of words named ${m[4]} in ${file}`);
    const words = [...list.matchAll(/'([^']+)'/g)].map((w) => w[1] ?? '');
    return { module, words };
  });
  return [...named, ...firstVisit];
}

const screens = () => ROUTE_FILES.flatMap(screensOf);

describe("the routes' words", () => {
  it('name only word groups', () => {
    const named = screens().flatMap((s) => s.words);
    expect(named.filter((w) => !WORD_GROUPS.includes(w))).toEqual([]);
  });

  it('name every word group whose words a screen can show', () => {
    const found = screens();
    expect(found.length).toBeGreaterThan(40);
    const missing = found
      .map(({ module, words }) => ({ module, missing: [...groupsShownBy(closure(module))].filter((f) => !words.includes(f)).sort() }))
      .filter((s) => s.missing.length > 0);
    expect(missing).toEqual([]);
  });

  it("find every screen the router loads, the admin area's included", () => {
    const checked = new Set(screens().map((s) => s.module));
    const loaded = ROUTE_FILES.flatMap((file) =>
      [...(source.get(file) ?? '').matchAll(/import\('(\.[^']+)'\)/g)].map((m) => resolve(file, m[1] ?? '') ?? ''),
    );
    expect(loaded.filter((module) => !checked.has(module))).toEqual([]);
  });

  it('read every file that makes screens', () => {
    const makers = [...source].filter(([file, text]) => file !== 'app/screens.ts' && /\b(?:screen|firstVisitScreen)\(/.test(text));
    expect(makers.map(([file]) => file).sort()).toEqual([...ROUTE_FILES].sort());
  });
});
