import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { installFastStyles, withJsdomStyles } from './fastStyles';

/** Elements the default stylesheet styles by name, and a page sheet with every kind of selector. */
const PAGE = `
  <style>
    .gone { display: none }
    main > .faded, aside .faded { visibility: hidden }
    p + span, p ~ em { color: rgb(1, 2, 3) }
    :is(section, article) b { display: block }
    [data-state="open"] { pointer-events: none }
    div.box#one:not(.other) { background-color: rgb(4, 5, 6) }
    @media screen { li:first-child { display: none } }
    @media print { td { display: none } }
    span::before { display: none }
    * > u { visibility: collapse }
    INPUT[type=checkbox i] { display: none }
    .Quiet, .box .loud { visibility: hidden }
    :root { color: rgb(7, 8, 9) }
    :root[data-scheme="dark"] main { color: rgb(9, 9, 9) }
    :focus-visible { background-color: rgb(10, 11, 12) }
    :host { display: none }
    :popover-open::backdrop, q::before { display: none }
    [title="a::b"] { display: none }
    :link { pointer-events: none }
  </style>
  <main>
    <p class="quiet" id="q">Q <a class="loud">not a link</a> <abbr title="a::b">ab</abbr></p>
    <p id="p">Words <span class="faded">inside</span> <a href="/x">a link</a> <q>quoted</q></p><span>after</span><em>later</em>
    <section><b>bold</b></section><article><div><b>deep</b></div></article>
    <div class="box" id="one" data-state="open"><button>Go</button><u>under</u></div>
    <ul><li>one</li><li>two</li></ul>
    <table><thead><tr><th>H</th></tr></thead><tbody><tr><td>D</td></tr></tbody></table>
    <form><input type="hidden"><input type="checkbox"><input><select><option>o</option></select><textarea></textarea></form>
    <details><summary>More</summary><p>hidden until open</p></details>
    <dialog>closed</dialog><div hidden>hidden</div><span hidden="until-found">found</span>
    <svg><foreignObject><div>in svg</div></foreignObject></svg>
  </main>
  <aside><i class="faded">aside</i></aside>`;

const PROPERTIES = ['display', 'visibility', 'color', 'pointer-events', 'background-color'];

/** Every element's computed values of the properties Testing Library, user-event and the checks here read. */
function styles(window: Window) {
  return [...window.document.querySelectorAll('*')].map((element) => {
    const style = window.getComputedStyle(element);
    return `${element.localName}: ${PROPERTIES.map((p) => style.getPropertyValue(p)).join(' | ')}`;
  });
}

function pages() {
  const native = new JSDOM(PAGE).window as unknown as Window & typeof globalThis;
  const fast = new JSDOM(PAGE).window as unknown as Window & typeof globalThis;
  installFastStyles(fast);
  return { native, fast };
}

describe('fast computed styles', () => {
  it('gives what jsdom gives, for every element and kind of selector', () => {
    const { native, fast } = pages();
    const expected = withJsdomStyles(() => styles(native));
    // A sample of what the page must show for the comparison to mean something.
    expect(expected).toContain('li: none | visible | rgb(7, 8, 9) | auto | rgba(0, 0, 0, 0)');
    expect(expected).toContain('u: inline | collapse | rgb(7, 8, 9) | none | rgba(0, 0, 0, 0)');
    expect(expected).toContain('abbr: none | hidden | rgb(7, 8, 9) | auto | rgba(0, 0, 0, 0)');
    expect(expected).toContain('a: inline | visible | rgb(0, 0, 238) | none | rgba(0, 0, 0, 0)');
    expect(styles(fast)).toEqual(expected);
    // Asked again with nothing changed: the same answers, kept.
    expect(styles(fast)).toEqual(expected);
    const button = fast.document.querySelector('button') as Element;
    expect(fast.getComputedStyle(button)).toBe(fast.getComputedStyle(button));
  });

  it('answers anew after each kind of change to the document', () => {
    const { native, fast } = pages();
    const changes: Array<(window: Window) => void> = [
      (w) => w.document.getElementById('p')?.classList.add('gone'),
      (w) => w.document.querySelector('ul')?.prepend(w.document.createElement('li')),
      (w) => w.document.querySelector('.box')?.setAttribute('data-state', 'closed'),
      (w) => {
        const box = w.document.querySelector('.box') as HTMLElement;
        box.style.visibility = 'hidden';
      },
      (w) => {
        const style = w.document.createElement('style');
        style.textContent = 'button { display: none }';
        w.document.head.append(style);
      },
      (w) => w.document.querySelector('head style:last-of-type')?.remove(),
      (w) => w.document.querySelector('details')?.setAttribute('open', ''),
      (w) => {
        const p = w.document.getElementById('p') as Element;
        p.textContent = 'Other words';
      },
      (w) => w.document.querySelector('[hidden]')?.removeAttribute('hidden'),
      (w) => w.document.documentElement.setAttribute('data-scheme', 'dark'),
      (w) => w.document.querySelector('.box')?.append(w.document.createElement('span')),
      (w) => {
        w.document.querySelector('.box span')?.classList.add('loud');
        (w.document.querySelector('button') as HTMLElement).focus();
      },
    ];
    for (const change of changes) {
      change(native);
      change(fast);
      expect(styles(fast)).toEqual(withJsdomStyles(() => styles(native)));
    }
  });
});
