import { createHash } from 'node:crypto';

/**
 * What decides the colour contrast of each piece of text axe would read in a page or in one of its
 * elements (runs in the page: serialised, self-contained). For every element drawn with text of
 * its own (or a form control's value): the text's colour, size and weight, the opacity it is drawn
 * at, its shadow, whether it is disabled (axe does not hold disabled text to the ratio), and the
 * backgrounds behind it in its ancestors up to the first opaque one (colours and images). Text axe
 * leaves out is left out here too: not rendered, hidden, or no larger than a pixel (text only for
 * screen readers). The distinct ones.
 *
 * Scenarios show the same few pairs of colours again and again (the body's text on white, a button's
 * label on its fill, a badge); axe's colour-contrast rule is about two thirds of what one of its
 * runs costs the browser. A state whose every such line axe has already read clean in this run is
 * checked without that rule (axe-session.ts); one with any new line is checked with it.
 */
export function contrastLinesOf(selector: string | null): string[] | undefined {
  const scope = selector ? document.querySelector(selector) : document.body;
  if (!scope) return undefined;
  const VALUE_CONTROLS = new Set(['input', 'select', 'textarea']);
  const ownText = (el: Element) =>
    VALUE_CONTROLS.has(el.localName)
      ? ((el as HTMLInputElement).value ?? '').trim() !== '' && (el as HTMLInputElement).type !== 'hidden'
      : Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
  // rgb() or rgba() with an alpha of 1 hides whatever is behind it; any other form is taken as see-through.
  const opaque = (colour: string) => /^rgb\([^,]+,[^,]+,[^,]+\)$/.test(colour) || /^rgba\(.*,\s*1\)$/.test(colour);
  const lines = new Set<string>();
  for (const el of [scope, ...Array.from(scope.querySelectorAll('*'))]) {
    if (!ownText(el)) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    const style = getComputedStyle(el);
    let opacity = 1;
    const backgrounds: string[] = [];
    for (let at: Element | null = el; at; at = at.parentElement) {
      const s = at === el ? style : getComputedStyle(at);
      opacity *= Number(s.opacity);
      if (s.backgroundImage !== 'none') backgrounds.push(s.backgroundImage);
      const colour = s.backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') backgrounds.push(colour);
      if (opaque(colour)) break;
    }
    const disabled = el.closest(':disabled, [aria-disabled="true"]') ? 'disabled' : '';
    lines.add(
      [style.color, style.fontSize, style.fontWeight, opacity.toFixed(2), style.textShadow, disabled, backgrounds.join(' over ')].join('|'),
    );
  }
  return [...lines];
}

/** A line's short name in the run's record of what axe read clean. */
export const contrastKey = (line: string) => `contrast:${createHash('sha1').update(line).digest('base64url').slice(0, 16)}`;
