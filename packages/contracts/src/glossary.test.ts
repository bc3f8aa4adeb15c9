import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogPairs, repositoryRoot as root } from './catalogFiles';

/**
 * One Spanish term per concept: docs/glossary.md names each concept's term, the forms a sentence
 * may use and the variants it must not, and every Spanish catalog (shared, the server's own, the
 * web's and each feature's and component's) is held to it wherever the English names the concept.
 */
interface Concept {
  english: string[];
  forms: string[];
  never: string[];
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function readGlossary(markdown: string): Concept[] {
  const table = markdown.split('## Terms')[1]?.split('\n## ')[0] ?? '';
  return table
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .slice(2)
    .map((line) => {
      const [english, , forms, never] = cells(line);
      return { english: list(english), forms: list(forms), never: list(never) };
    });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** What continues a word: letters, digits and the underscore of a CSV column's name (freight_class). */
const LETTER = 'A-Za-zÁÉÍÓÚÜÑáéíóúüñ0-9_';
/** A whole-word pattern of a term; a trailing `*` accepts any ending. */
function wordPattern(term: string) {
  const open = term.endsWith('*');
  const body = escapeRegExp(open ? term.slice(0, -1) : term).replace(/\\?-|\s+/g, (m) => (m.trim() ? '[-\\s]?' : '\\s+'));
  return new RegExp(`(?<![${LETTER}])${body}${open ? `[${LETTER}]*` : `(?![${LETTER}])`}`, 'i');
}

type Tree = { [key: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]): [string, string][] => (typeof v === 'string' ? [[prefix + k, v]] : entries(v, `${prefix}${k}.`)));

const read = (path: string): Tree => JSON.parse(readFileSync(path, 'utf8'));

/** The concepts an English text names, longest terms first, each hiding the shorter ones inside it. */
function conceptsIn(text: string, concepts: Concept[]) {
  const terms = concepts
    .flatMap((concept) => concept.english.map((term) => ({ term, concept })))
    .sort((a, b) => b.term.length - a.term.length);
  let rest = text.replace(/\{\{[^}]*\}\}/g, ' ');
  const found = new Set<Concept>();
  for (const { term, concept } of terms) {
    const pattern = new RegExp(wordPattern(term).source, 'gi');
    if (pattern.test(rest)) {
      found.add(concept);
      rest = rest.replace(pattern, ' ');
    }
  }
  return [...found];
}

/** What is wrong with a Spanish text for the concepts its English names ('' when nothing). */
export function glossaryProblems(english: string, spanish: string, concepts: Concept[]) {
  const text = spanish.replace(/\{\{[^}]*\}\}/g, ' ');
  return conceptsIn(english, concepts).flatMap((concept) => {
    const problems: string[] = [];
    const wrong = concept.never.filter((variant) => wordPattern(variant).test(text));
    if (wrong.length) problems.push(`uses ${wrong.join(', ')} (glossary: ${concept.forms[0]})`);
    else if (!concept.forms.some((form) => wordPattern(form).test(text)))
      problems.push(`lacks ${concept.forms[0]} for "${concept.english[0]}"`);
    return problems;
  });
}

const glossary = readGlossary(readFileSync(join(root, 'docs/glossary.md'), 'utf8'));

describe('docs/glossary.md', () => {
  it('names the concepts with their one Spanish term', () => {
    const englishTerms = glossary.flatMap((c) => c.english);
    for (const term of [
      'shipment',
      'quote',
      'pickup',
      'delivery',
      'carrier',
      'bill of lading',
      'lift-gate',
      'residential',
      'accessorial',
    ]) {
      expect(englishTerms).toContain(term);
    }
    for (const term of [
      'tracking number',
      'invoice',
      'dispute',
      'credit hold',
      'reference',
      'insurance',
      'declared value',
      'hazardous materials',
    ]) {
      expect(englishTerms).toContain(term);
    }
    expect(englishTerms).toEqual(expect.arrayContaining(['pallet', 'freight class']));
    expect(glossary.every((c) => c.english.length > 0 && c.forms.length > 0)).toBe(true);
  });

  it('catches a second Spanish name and a missing term', () => {
    expect(glossaryProblems('Liftgate delivery', 'Entrega con rampa elevadora', glossary)).toEqual([
      'uses rampa elevadora (glossary: plataforma elevadora)',
    ]);
    expect(glossaryProblems('Liftgate delivery', 'Entrega con plataforma elevadora', glossary)).toEqual([]);
    expect(
      glossaryProblems('Pick the pickup from your address book', 'Elegir la recolección de su libreta de direcciones', glossary),
    ).toEqual([]);
    expect(glossaryProblems('Carrier API', 'API transp.', glossary)).toEqual(['lacks transportista* for "carrier"']);
    expect(glossaryProblems('{{carrier}} could not be reached', 'No se pudo contactar a {{carrier}}', glossary)).toEqual([]);
  });
});

describe.each(catalogPairs())('$file', ({ en, es }) => {
  it('uses the glossary term of every concept its English names', () => {
    const spanish = new Map(entries(read(es)));
    const problems = entries(read(en)).flatMap(([key, english]) => {
      const value = spanish.get(key);
      return value === undefined ? [] : glossaryProblems(english, value, glossary).map((p) => `${key}: ${p} in "${value}"`);
    });
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
