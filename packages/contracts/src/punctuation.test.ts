import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogFiles } from './catalogFiles';

/** Stops doubled by a catalog's own words: '..' (an ellipsis is '…'), '. .', '?.', '!.', '::', ',.' or ' .'. */
const DOUBLED = /(?<![.])\.\.(?![.])|\.\s+\.|[?!,;:]\.|::|\s\.(?!\w)/;

type Tree = { [key: string]: string | Tree };
const entries = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]): [string, string][] => (typeof v === 'string' ? [[prefix + k, v]] : entries(v, `${prefix}${k}.`)));

describe.each(catalogFiles())('$file', ({ path }) => {
  it('doubles no punctuation', () => {
    const doubled = entries(JSON.parse(readFileSync(path, 'utf8'))).filter(([, v]) => DOUBLED.test(v.replace(/\{\{[^}]*\}\}/g, 'x')));
    expect(doubled).toEqual([]);
  });
});
