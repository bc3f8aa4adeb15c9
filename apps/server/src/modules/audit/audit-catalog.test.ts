import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The audit log shows actions and kinds of record as words in both languages, from the web's
 * catalog (features/admin/locales/audit.<lang>.json). This reads the server's code for the
 * action keys and entity types its `audit()` calls write, so a new one without words fails here.
 */
const SRC = join(import.meta.dirname, '../..');
const CATALOG = join(SRC, '../../web/src/features/admin/locales');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

/** The files that write entries, and what they write: dotted literals on lines naming an action (or its write helper), entity types. */
function written() {
  const actions = new Set<string>();
  const types = new Set<string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    if (!/from '(\.\.\/)+(modules\/)?audit\/audit'/.test(text)) continue;
    for (const line of text.split('\n')) {
      if (/action|write\(|upsert\(|\bact\(/i.test(line)) for (const m of line.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) actions.add(m[1]!);
      for (const m of line.matchAll(/entityType: '([a-z_]+)'/g)) types.add(m[1]!);
    }
  }
  return { actions: [...actions].sort(), types: [...types].sort() };
}

const catalog = (language: string) =>
  (
    JSON.parse(readFileSync(join(CATALOG, `audit.${language}.json`), 'utf8')) as {
      admin: { audit: { actions: Record<string, string>; types: Record<string, string> } };
    }
  ).admin.audit;

describe('the audit log words every action and kind of record', () => {
  const found = written();
  it.each(['en', 'es'])('in %s', (language) => {
    const words = catalog(language);
    expect(found.actions.length).toBeGreaterThan(40);
    expect(found.actions.filter((a) => !words.actions[a])).toEqual([]);
    expect(found.types.filter((a) => !words.types[a])).toEqual([]);
  });

  it('with the same keys in both languages', () => {
    const [en, es] = [catalog('en'), catalog('es')];
    expect(Object.keys(es.actions).sort()).toEqual(Object.keys(en.actions).sort());
    expect(Object.keys(es.types).sort()).toEqual(Object.keys(en.types).sort());
  });
});
