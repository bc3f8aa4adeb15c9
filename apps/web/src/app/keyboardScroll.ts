/**
 * Content that scrolls inside a box (a wide table, a long list in a dialog) must be reachable
 * without a mouse: a keyboard user scrolls it with the arrow keys once it has focus, and a box
 * whose content has nothing focusable could never get focus (WCAG 2.1.1). So, while its content
 * overflows, and only then, the scroll viewport is a Tab stop, and a named region so a screen
 * reader says what Tab landed on. A box that fits adds no stop.
 *
 * The region is named after the one table it holds (that table's own name, so it follows the
 * language); anything else gets `fallbackName`.
 */
export function keyboardScrollable(fallbackName: string) {
  return (viewport: HTMLElement | null) => {
    // A listbox or menu moves focus through its options itself: a stop inside it would break that.
    if (!viewport || viewport.closest('[role="listbox"], [role="menu"]')) return undefined;
    let applied = false;
    const update = () => {
      if (overflows(viewport)) {
        viewport.tabIndex = 0;
        viewport.setAttribute('role', 'region');
        const labelledBy = tableNameIds(viewport);
        if (labelledBy) {
          viewport.setAttribute('aria-labelledby', labelledBy);
          viewport.removeAttribute('aria-label');
        } else {
          viewport.setAttribute('aria-label', fallbackName);
          viewport.removeAttribute('aria-labelledby');
        }
        applied = true;
      } else if (applied) {
        forget(viewport);
        applied = false;
      }
    };
    // The sizes are read when the browser has laid the page out, never inside React's commit: a
    // read there made the browser lay out the whole new page at once, a tenth of a list page's first
    // render on a slowed phone. A resize observer reports a box once it is first laid out (and each
    // resize after: the window, the content with its data); Mantine lets the viewport scroll (its
    // overflow style) once its scrollbars are in place, which changes no size, so that change is
    // read at the next frame.
    const resized = new ResizeObserver(update);
    resized.observe(viewport);
    if (viewport.firstElementChild) resized.observe(viewport.firstElementChild);
    let frame = 0;
    const restyled = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    });
    restyled.observe(viewport, { attributes: true, attributeFilter: ['style'] });
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      restyled.disconnect();
      if (applied) forget(viewport);
    };
  };
}

/** Scrolls in a direction the box lets the user scroll (a hidden overflow is no scrolling). */
function overflows(el: HTMLElement) {
  const style = getComputedStyle(el);
  const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
  // A pixel over is rounding, not content out of sight.
  const wider = el.scrollWidth > el.clientWidth + 1 && scrolls(style.overflowX);
  const taller = el.scrollHeight > el.clientHeight + 1 && scrolls(style.overflowY);
  return wider || taller;
}

function forget(viewport: HTMLElement) {
  viewport.removeAttribute('tabindex');
  for (const attribute of ['role', 'aria-label', 'aria-labelledby']) viewport.removeAttribute(attribute);
}

let lastId = 0;
const idOf = (el: Element) => {
  if (!el.id) el.id = `scroll-region-name-${++lastId}`;
  return el.id;
};

/** The ids that name the box's one table (its labelledby, itself for an aria-label, its caption). */
function tableNameIds(viewport: HTMLElement): string | undefined {
  const tables = viewport.querySelectorAll('table');
  const table = tables.length === 1 ? tables[0] : undefined;
  if (!table) return undefined;
  const labelledBy = table.getAttribute('aria-labelledby');
  if (labelledBy) return labelledBy;
  if (table.getAttribute('aria-label')) return idOf(table);
  const caption = table.querySelector(':scope > caption');
  return caption?.textContent ? idOf(caption) : undefined;
}
