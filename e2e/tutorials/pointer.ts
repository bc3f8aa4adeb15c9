/**
 * Runs in every page of a recording (context.addInitScript): a headless browser draws no mouse
 * pointer, so the page draws one that follows the real mouse events, with a ring on each click,
 * and `window.__tutorialHighlight(rect, ms)` outlines what the next action touches.
 *
 * Plain JavaScript in a string: a function would be serialized as tsx compiled it, with helpers
 * (`__name`) that do not exist in the page.
 */
export const POINTER_SCRIPT = `(() => {
  const Z = '2147483647';
  const AMBER = 'rgba(250, 176, 5, .95)';
  const at = JSON.parse(sessionStorage.getItem('__tutorial-pointer') || '{"x":-100,"y":-100}');
  let pointer;
  function place() {
    if (pointer) pointer.style.transform = 'translate(' + at.x + 'px, ' + at.y + 'px)';
  }
  function install() {
    if (document.getElementById('__tutorial-pointer')) return;
    pointer = document.createElement('div');
    pointer.id = '__tutorial-pointer';
    pointer.setAttribute('aria-hidden', 'true');
    pointer.innerHTML = '<svg width="28" height="28" viewBox="0 0 24 24"><path d="M4 2.5l6.6 18.2 2.6-7.5 7.3-2.7z" fill="#1b1b1b" stroke="#fff" stroke-width="1.7" stroke-linejoin="round"/></svg>';
    Object.assign(pointer.style, {
      position: 'fixed', left: '-4px', top: '-2px', width: '28px', height: '28px', pointerEvents: 'none', zIndex: Z,
      filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.4))',
    });
    document.documentElement.appendChild(pointer);
    place();
  }
  window.addEventListener('mousemove', (e) => {
    at.x = e.clientX;
    at.y = e.clientY;
    sessionStorage.setItem('__tutorial-pointer', JSON.stringify(at));
    place();
  }, true);
  window.addEventListener('mousedown', (e) => {
    const ring = document.createElement('div');
    Object.assign(ring.style, {
      position: 'fixed', left: (e.clientX - 18) + 'px', top: (e.clientY - 18) + 'px', width: '36px', height: '36px',
      borderRadius: '50%', border: '3px solid ' + AMBER, background: 'rgba(250, 176, 5, .25)', pointerEvents: 'none',
      zIndex: Z, transition: 'transform .45s ease-out, opacity .45s ease-out',
    });
    document.documentElement.appendChild(ring);
    requestAnimationFrame(() => requestAnimationFrame(() => {
      ring.style.transform = 'scale(1.7)';
      ring.style.opacity = '0';
    }));
    setTimeout(() => ring.remove(), 650);
  }, true);
  window.__tutorialHighlight = (r, ms) => {
    const box = document.createElement('div');
    Object.assign(box.style, {
      position: 'fixed', left: (r.x - 5) + 'px', top: (r.y - 5) + 'px', width: (r.width + 10) + 'px',
      height: (r.height + 10) + 'px', borderRadius: '8px', border: '3px solid ' + AMBER,
      boxShadow: '0 0 0 4px rgba(250, 176, 5, .25)', pointerEvents: 'none', zIndex: Z, transition: 'opacity .3s',
    });
    document.documentElement.appendChild(box);
    setTimeout(() => {
      box.style.opacity = '0';
      setTimeout(() => box.remove(), 320);
    }, ms);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', install);
  else install();
})();`;
