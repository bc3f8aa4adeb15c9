import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './test';

/**
 * A page showing a catalog key as text ('claims.status.open') instead of its words: the words of a
 * feature its route does not load (routes name theirs, apps/web/src/app/screens.ts) or a key no
 * catalog has. i18next shows the key itself then, so the page still renders and axe finds nothing.
 * Words a page loaded before stay loaded in the walk, which moves within the app: the check that
 * each route names its own is apps/web/src/app/routeWords.test.ts; this one sees what a user sees.
 */
type Tree = { [key: string]: string | Tree };

const ROOT = join(import.meta.dirname, '..', '..');
const WEB = join(ROOT, 'apps', 'web', 'src');

function englishCatalogs(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...englishCatalogs(path));
    else if (/(^|\.)en\.json$/.test(entry.name) && dir.endsWith('locales')) found.push(path);
  }
  return found;
}

function keysOf(tree: Tree, prefix = '', into = new Set<string>()) {
  for (const [k, v] of Object.entries(tree)) {
    const key = `${prefix}${k}`;
    if (typeof v === 'string') {
      into.add(key);
      // A missing plural shows its key without the suffix ('shipments.count', not 'shipments.count_one').
      into.add(key.replace(/_(zero|one|two|few|many|other)$/, ''));
    } else keysOf(v, `${key}.`, into);
  }
  return into;
}

const KEYS = (() => {
  const files = [...englishCatalogs(WEB), ...englishCatalogs(join(ROOT, 'packages', 'contracts', 'locales'))];
  const keys = new Set<string>();
  for (const file of files) keysOf(JSON.parse(readFileSync(file, 'utf8')) as Tree, '', keys);
  return keys;
})();

/** Every catalog key shown as text in `scope` (the page's body, or an open dialog). */
export async function keysShown(page: Page, scope = 'body'): Promise<string[]> {
  const texts = await page.locator(scope).evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText));
  const words = texts.join('\n').match(/[a-z][a-zA-Z0-9_]*(?:\.[a-zA-Z0-9_-]+)+/g) ?? [];
  return [...new Set(words.filter((word) => KEYS.has(word)))];
}

/** Fails softly (the walk goes on) when `scope` shows a catalog key as text. */
export async function expectNoKeysShown(page: Page, scope = 'body') {
  expect.soft(await keysShown(page, scope), `catalog keys shown as text in ${scope}`).toEqual([]);
}
