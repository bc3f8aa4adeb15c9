/**
 * Computed styles in jsdom at a fraction of their cost, with the same answers.
 *
 * Testing Library asks for the computed style of every node it names or checks for visibility
 * (getByRole with a name, every poll of a find) and user-event for every pointer action. jsdom
 * answers each call by cascading its default stylesheet (over a hundred rules) and the page's
 * sheets onto the element and, for the inherited properties, onto every ancestor, one selector
 * match per rule; it keeps those cascades only until the document next changes, which in a
 * component test is all the time. A profile of the address book's tests put a fifth of their CPU
 * there, nearly all of it in selector matching. Two changes, neither of which alters an answer:
 *
 * - Rules are skipped when they cannot apply: a rule whose every selector's subject starts with a
 *   type selector (`td, th`, `table > tr`), a list of names or an attribute (`[hidden]`) is
 *   matched only against elements of those names or with that attribute. Any selector the index
 *   cannot read for sure counts as one that may match anything.
 * - A computed style is kept for as long as jsdom keeps the cascades it is made of: jsdom drops
 *   them (a new cache per document) on every change, a node added or removed, an attribute or
 *   inline style set, text changed, a sheet added, and so the kept answers go with them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface StyleRule {
  selectorText?: string;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<StyleRule>;
  styleSheet?: { cssRules: ArrayLike<StyleRule> } | null;
  style: CSSStyleDeclaration;
}
interface ElementImpl {
  localName: string;
  hasAttribute(name: string): boolean;
  getAttributeNS(namespace: string | null, name: string): string | null;
  _shadowRoot: object | null;
  style: CSSStyleDeclaration;
  _ownerDocument: DocumentImpl;
}
interface DocumentImpl {
  documentElement: ElementImpl | null;
  _lastFocusedElement: ElementImpl | null;
  _styleCache: WeakMap<ElementImpl, CSSStyleDeclaration> | null;
  _domSelector: { check(selector: string, element: ElementImpl): { match: boolean; pseudoElement: string | null } };
  styleSheets: { _list: Array<{ cssRules: ArrayLike<StyleRule> }> };
}

// jsdom's own modules, and the CSS parser and declarations it uses (resolved from jsdom, so they are the same copies).
const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
const styleRules = jsdomRequire('./jsdom/living/helpers/style-rules.js') as {
  getDeclarationForElement(element: ElementImpl): CSSStyleDeclaration;
};
const { CSSStyleDeclaration: Declaration } = jsdomRequire('cssstyle') as { CSSStyleDeclaration: new () => CSSStyleDeclaration };
const cssom = jsdomRequire('@acemir/cssom') as { parse(text: string): { cssRules: ArrayLike<StyleRule> } };
const DEFAULT_SHEET = cssom.parse(readFileSync(jsdomRequire.resolve('./jsdom/browser/default-stylesheet.css'), 'utf8'));

/** jsdom's own cascade, as the module had it before any window here was given the index. */
const jsdomDeclaration = styleRules.getDeclarationForElement;

/**
 * Runs `read` on jsdom's own cascade alone (the module's export is shared by every window in the
 * process): what the index's answers are compared with.
 */
export function withJsdomStyles<T>(read: () => T): T {
  const installed = styleRules.getDeclarationForElement;
  styleRules.getDeclarationForElement = jsdomDeclaration;
  try {
    return read();
  } finally {
    styleRules.getDeclarationForElement = installed;
  }
}

/** The selector jsdom matches for a rule (it works around a cssstyle quirk the same way). */
const selectorOf = (rule: StyleRule) => (rule.selectorText ?? '').split(';').pop()?.trim() ?? '';

/** Splits on the commas, spaces and combinators outside brackets, parentheses and quotes. */
function topLevelParts(selector: string, separators: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const char of selector) {
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && separators.test(char)) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

/**
 * What an element must be or have for a selector to apply: a name, an attribute, a class, or to
 * be the root, the focused element or a shadow host. Each is a condition the selector itself
 * requires, so an element that meets none of a rule's cannot match it.
 */
type Need = { name: string } | { attribute: string } | { className: string } | { state: 'root' | 'focused' | 'host' };

const NAME = '[a-z][a-z0-9-]*';
/** Where a compound's first simple selector ends. */
const END = '(?=$|[.#:[])';
const TYPE = new RegExp(`^(${NAME})${END}`, 'i');
const NAMES = new RegExp(`^:is\\(\\s*(${NAME}(?:\\s*,\\s*${NAME})*)\\s*\\)${END}`, 'i');
const ATTRIBUTE = new RegExp(`^\\[\\s*(${NAME})\\s*(?=[\\]=~|^$*])`, 'i');
const CLASS = new RegExp(`^\\.(-?[_a-z][_a-z0-9-]*)${END}`, 'i');
/** Pseudo-classes that only ever match one kind of element, per the selector engine jsdom uses. */
const STATES: Array<[RegExp, Need[]]> = [
  [new RegExp(`^:(any-link|link|visited)${END}`, 'i'), [{ name: 'a' }, { name: 'area' }]],
  [new RegExp(`^:root${END}`, 'i'), [{ state: 'root' }]],
  [new RegExp(`^:focus-visible${END}`, 'i'), [{ state: 'focused' }]],
  [/^:host(?=$|[.#:[(])/i, [{ state: 'host' }]],
];

/**
 * What a selector's subject (its last compound) requires of an element, read from the compound's
 * start. Null when it cannot be read for sure: anything may match.
 */
function needsOf(subject: string): Need[] | null {
  const name = TYPE.exec(subject)?.[1];
  if (name) return [{ name: name.toLowerCase() }];
  const names = NAMES.exec(subject)?.[1];
  if (names) return names.split(',').map((n) => ({ name: n.trim().toLowerCase() }));
  // As written: hasAttribute ignores case on HTML elements, as selectors do, and not elsewhere.
  const attribute = ATTRIBUTE.exec(subject)?.[1];
  if (attribute) return [{ attribute }];
  const className = CLASS.exec(subject)?.[1];
  if (className) return [{ className: className.toLowerCase() }];
  return STATES.find(([pattern]) => pattern.test(subject))?.[1] ?? null;
}

/**
 * What an element must be or have for any of a rule's selectors to apply: null when anything may
 * match; none when the rule styles only pseudo-elements, which jsdom never applies.
 */
function ruleNeeds(selector: string): Need[] | null {
  if (/[\\|]/.test(selector)) return null;
  const needs: Need[] = [];
  for (const complex of topLevelParts(selector, /,/)) {
    const subject = topLevelParts(complex, /[\s>+~]/).pop() ?? '';
    // A pseudo-element's rule (outside attribute values and arguments).
    if (subject.replace(/\[[^\]]*\]|\([^)]*\)/g, '').includes('::')) continue;
    const subjectNeeds = needsOf(subject);
    if (!subjectNeeds) return null;
    needs.push(...subjectNeeds);
  }
  return needs;
}

function meets(element: ElementImpl, need: Need) {
  if ('name' in need) return element.localName.toLowerCase() === need.name;
  if ('attribute' in need) return element.hasAttribute(need.attribute);
  if ('className' in need) return (element.getAttributeNS(null, 'class') ?? '').toLowerCase().split(/\s+/).includes(need.className);
  const document = element._ownerDocument;
  if (need.state === 'root') return document.documentElement === element;
  // The focused element, or a host whose shadow tree holds it (the document's active element then).
  if (need.state === 'focused') return document._lastFocusedElement === element || element._shadowRoot !== null;
  return element._shadowRoot !== null;
}

/** Per rule, its selector as jsdom matches it and what an element needs for it to apply. */
const ruleIndex = new WeakMap<StyleRule, { selector: string; needs: Need[] | null }>();
function indexOf(rule: StyleRule) {
  let entry = ruleIndex.get(rule);
  if (!entry) {
    const selector = selectorOf(rule);
    entry = { selector, needs: ruleNeeds(selector) };
    ruleIndex.set(rule, entry);
  }
  return entry;
}

/** jsdom's own match (a rule without a selector, or one for a pseudo-element, never applies). */
function matches(rule: StyleRule, element: ElementImpl) {
  if (!rule.selectorText) return false;
  const { selector, needs } = indexOf(rule);
  if (needs !== null && !needs.some((need) => meets(element, need))) return false;
  try {
    const { match, pseudoElement } = element._ownerDocument._domSelector.check(selector, element);
    return match && !pseudoElement;
  } catch {
    return false;
  }
}

/** jsdom's walk over the sheets' rules (the default sheet first, media "screen" only), with the index in front. */
function forEachMatchingRule(element: ElementImpl, handle: (rule: StyleRule) => void) {
  const handleRules = (rules: ArrayLike<StyleRule>) => {
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i] as StyleRule;
      if (matches(rule, element)) handle(rule);
    }
  };
  const handleSheet = (sheet: { cssRules: ArrayLike<StyleRule> }) => {
    for (let i = 0; i < sheet.cssRules.length; i++) {
      const rule = sheet.cssRules[i] as StyleRule;
      if (rule.media) {
        if (rule.constructor.name === 'CSSImportRule') {
          if (rule.styleSheet && (rule.media.length === 0 || Array.from(rule.media).includes('screen')))
            handleRules(rule.styleSheet.cssRules);
        } else if (Array.from(rule.media).includes('screen')) handleRules(rule.cssRules ?? []);
      } else if (matches(rule, element)) handle(rule);
    }
  };
  handleSheet(DEFAULT_SHEET);
  for (const sheet of element._ownerDocument.styleSheets._list) handleSheet(sheet);
}

/** jsdom's cascaded declaration of an element, kept in jsdom's own per-document cache. */
function declarationOf(element: ElementImpl): CSSStyleDeclaration {
  const document = element._ownerDocument;
  document._styleCache ??= new WeakMap();
  const kept = document._styleCache.get(element);
  if (kept) return kept;
  const declaration = new Declaration();
  const apply = (style: CSSStyleDeclaration, property: string) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };
  forEachMatchingRule(element, (rule) => {
    for (const property of Array.from(rule.style)) apply(rule.style, property);
  });
  for (const property of Array.from(element.style)) apply(element.style, property);
  document._styleCache.set(element, declaration);
  return declaration;
}

/** Marks a window given the index (a setup file runs once per test file, and the files of a worker may share one window). */
const INSTALLED = Symbol.for('freight-portal.fastStyles');

export function installFastStyles(window: Window) {
  const marked = window as unknown as Record<symbol, boolean>;
  if (marked[INSTALLED]) return;
  marked[INSTALLED] = true;
  // jsdom's wrapper-to-implementation link: a symbol named "impl" on every DOM object.
  const implSymbol = Object.getOwnPropertySymbols(window.document).find((s) => s.description === 'impl');
  const implOf = <T>(target: object) => (implSymbol ? (target as Record<symbol, T | undefined>)[implSymbol] : undefined);
  const documentImpl = implOf<DocumentImpl>(window.document);
  // Not the jsdom this was written for: leave its styles as they are.
  if (!documentImpl || !('_styleCache' in documentImpl) || typeof styleRules.getDeclarationForElement !== 'function') return;
  // The inherited properties reach the ancestors' cascades through the module's export.
  styleRules.getDeclarationForElement = declarationOf;
  const compute = window.getComputedStyle.bind(window);
  let cascades: unknown = null;
  let computed = new WeakMap<Element, CSSStyleDeclaration>();
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    const impl = implOf<ElementImpl>(element);
    if (pseudoElement || !impl || impl._ownerDocument !== documentImpl) return compute(element, pseudoElement);
    if (!documentImpl._styleCache || documentImpl._styleCache !== cascades) computed = new WeakMap();
    const kept = computed.get(element);
    if (kept) return kept;
    // The element's own cascade through the index; jsdom then finds it in its cache.
    declarationOf(impl);
    const style = compute(element);
    cascades = documentImpl._styleCache;
    computed.set(element, style);
    return style;
  };
}
