import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { installFastLabels } from './fastLabels';

/** Every way a label meets a field: `for`, nesting, both, duplicate ids, hidden and non-labelable targets. */
const PAGE = `
  <form>
    <label for="a">A by for</label><input id="a">
    <label>Wrapped <input id="b"></label>
    <label for="c">C by for</label><label>C wrapped <select id="c"></select></label>
    <label for="dup">First dup</label><input id="dup"><input id="dup">
    <label for="d">For a div</label><div id="d"></div>
    <label for="">Empty for</label>
    <label>Two inside <input id="e1"><input id="e2"></label>
    <label>Hidden first <input type="hidden" id="h"><textarea id="t"></textarea></label>
    <label for="f">Outer for <input id="inner"></label><button id="f">F</button>
    <label>Nested <span><label>Inner <input id="n"></label></span></label>
    <label for="g&quot;x">Odd id</label><input id='g"x'>
    <meter id="m"></meter><label for="m">Meter</label>
    <output id="o"></output><progress id="p"></progress>
  </form>`;

/** For every labelable element and every label of the page: its labels' and control's positions among the page's elements. */
function answers(win: Window) {
  const all = [...win.document.querySelectorAll('*')];
  const at = (el: Element | null) => (el ? all.indexOf(el) : -1);
  const fields = [...win.document.querySelectorAll('input, select, textarea, button, meter, output, progress')] as HTMLInputElement[];
  const labels = [...win.document.querySelectorAll('label')];
  return {
    labels: fields.map((f) => (f.labels === null ? null : [...f.labels].map(at))),
    controls: labels.map((l) => at(l.control)),
  };
}

describe('fast labels', () => {
  it('gives what jsdom gives, for every way a label meets a field', () => {
    const native = new JSDOM(PAGE).window as unknown as Window & typeof globalThis;
    const fast = new JSDOM(PAGE).window as unknown as Window & typeof globalThis;
    installFastLabels(fast);
    const expected = answers(native);
    expect(answers(fast)).toEqual(expected);
    // The page does exercise the cases: a field with two labels, a label with no control, a hidden input.
    expect(expected.labels.some((l) => (l?.length ?? 0) > 1)).toBe(true);
    expect(expected.controls).toContain(-1);
    expect(expected.labels).toContain(null);
  });

  it('follows the page as it changes (a label added, an id moved)', () => {
    const native = new JSDOM(PAGE).window as unknown as Window & typeof globalThis;
    const fast = new JSDOM(PAGE).window as unknown as Window & typeof globalThis;
    installFastLabels(fast);
    for (const win of [native, fast]) {
      const label = win.document.createElement('label');
      label.htmlFor = 'b';
      win.document.body.prepend(label);
      (win.document.getElementById('a') as HTMLElement).id = 'moved';
    }
    expect(answers(fast)).toEqual(answers(native));
  });
});
