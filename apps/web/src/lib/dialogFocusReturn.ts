import { useEffect } from 'react';

const DIALOG = '[role="dialog"]';

const holdsDialog = (node: Node) => node instanceof Element && (node.matches(DIALOG) || node.querySelector(DIALOG) !== null);

/** A menu's item leaves with its menu: a dialog opened from one gives focus back to the menu's button. */
function openerOf(from: HTMLElement): HTMLElement {
  const menu = from.closest('[role="menu"]');
  const button = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return button instanceof HTMLElement ? button : from;
}

/**
 * Gives focus back to the control that opened a dialog once the dialog is gone. Mantine does so
 * when a modal's `opened` turns false, but most of our dialogs are rendered only while open and
 * leave by unmounting: focus then fell to the page's body, and a keyboard user started again from
 * the top. Watches the page: the element focus was on last before it entered a dialog is the
 * opener; when a dialog is removed and nothing has focus, the opener gets it back (if still on the page).
 * A dialog opened from a menu's item goes back to the menu's button, the item being gone with its menu.
 */
export function useDialogFocusReturn() {
  useEffect(() => {
    // Where focus last was outside any dialog. Focus may reach a dialog from the page's body: a
    // menu's item that opened it leaves with its menu while it has focus.
    let outside: HTMLElement | null = null;
    let inDialog = false;
    let opener: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      if (!(event.target instanceof HTMLElement)) return;
      const entering = event.target.closest(DIALOG) !== null;
      if (!entering) outside = openerOf(event.target);
      else if (!inDialog) opener = outside;
      inDialog = entering;
    };
    const observer = new MutationObserver((mutations) => {
      if (!opener || (document.activeElement && document.activeElement !== document.body)) return;
      if (!mutations.some((m) => Array.from(m.removedNodes).some(holdsDialog))) return;
      if (opener.isConnected) opener.focus({ preventScroll: true });
      opener = null;
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);
}
