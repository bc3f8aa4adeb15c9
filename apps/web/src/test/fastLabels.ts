/**
 * jsdom answers `label.control` by walking the whole document for the `for` id, and a field's
 * `labels` by walking the whole document again asking every node for its control: a search of
 * the page per label, for every field. Testing Library asks for `labels` whenever it names a
 * field (getByRole, getByLabelText), so on a screen as large as the quote form most of a
 * component test's time went there (a profile of the booking form's file: a quarter of its CPU).
 * These are the same answers, per the HTML standard, found through the id index and the label's
 * own subtree instead.
 */

/** The elements a label can label (HTML's "labelable elements"; a hidden input is not one). */
const LABELABLE = 'button, input:not([type="hidden" i]), meter, output, progress, select, textarea';

function isLabelable(element: Element): boolean {
  return element.matches(LABELABLE);
}

type Root = Document | ShadowRoot | DocumentFragment;

/** The first element of `root` with the id, in tree order (getElementById where the root has it). */
function byId(root: Node, id: string): Element | null {
  const r = root as Partial<Root>;
  if (typeof r.getElementById === 'function') return r.getElementById(id);
  if (root.nodeType !== Node.ELEMENT_NODE) return null;
  const element = root as Element;
  return element.id === id ? element : element.querySelector(`[id="${cssString(id)}"]`);
}

/** `text` for a quoted CSS attribute value. */
function cssString(text: string) {
  return text.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ');
}

/** HTMLLabelElement.control: the element its `for` names (when labelable), else its first labelable descendant. */
export function controlOf(label: HTMLLabelElement): HTMLElement | null {
  const forValue = label.getAttribute('for');
  if (forValue !== null) {
    if (forValue === '') return null;
    const target = byId(label.getRootNode(), forValue);
    return target && isLabelable(target) ? (target as HTMLElement) : null;
  }
  return label.querySelector<HTMLElement>(LABELABLE);
}

/** A labelable element's `labels`: every label whose control it is, in tree order. */
export function labelsOf(element: HTMLElement): HTMLLabelElement[] {
  const root = element.getRootNode() as ParentNode & Node;
  const found = new Set<HTMLLabelElement>();
  if (element.id && byId(root, element.id) === element) {
    for (const label of root.querySelectorAll<HTMLLabelElement>(`label[for="${cssString(element.id)}"]`)) found.add(label);
  }
  for (let up = element.parentElement; up; up = up.parentElement) {
    // By name, not instanceof: the element may belong to another window than this module's.
    if (up.localName === 'label' && !up.hasAttribute('for') && controlOf(up as HTMLLabelElement) === element)
      found.add(up as HTMLLabelElement);
  }
  return [...found].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
}

/** The field types whose `labels` jsdom computes (every labelable element but a form-associated custom one). */
const LABELABLE_TYPES = [
  'HTMLButtonElement',
  'HTMLInputElement',
  'HTMLMeterElement',
  'HTMLOutputElement',
  'HTMLProgressElement',
  'HTMLSelectElement',
  'HTMLTextAreaElement',
] as const;

/** Replaces the window's `control` and `labels` getters with the ones above. */
export function installFastLabels(win: Window & typeof globalThis) {
  Object.defineProperty(win.HTMLLabelElement.prototype, 'control', {
    configurable: true,
    get(this: HTMLLabelElement) {
      return controlOf(this);
    },
  });
  for (const type of LABELABLE_TYPES) {
    const proto = (win[type] as { prototype: HTMLElement } | undefined)?.prototype;
    if (!proto) continue;
    Object.defineProperty(proto, 'labels', {
      configurable: true,
      get(this: HTMLElement) {
        // A hidden input has no labels (null, as the standard says).
        if (this instanceof win.HTMLInputElement && this.type === 'hidden') return null;
        return labelsOf(this);
      },
    });
  }
}
