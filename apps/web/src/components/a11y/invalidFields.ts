/**
 * The fields of a form that show an error, as a screen reader knows them. A field is invalid when
 * it says so (`aria-invalid="true"`, set by Mantine's inputs given an `error`), or when it is
 * described by an error message: Mantine ties a checkbox's, a switch's and a radio group's error
 * through `aria-describedby` to an element whose id ends in "-error", without `aria-invalid`.
 * An error of our own under a field follows the same convention to be found.
 */
const ERROR_ID_SUFFIX = '-error';

function describedByAnError(element: Element): boolean {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.some((id) => id.endsWith(ERROR_ID_SUFFIX) && !!element.ownerDocument.getElementById(id)?.textContent?.trim());
}

const isInvalid = (element: Element) => element.getAttribute('aria-invalid') === 'true' || describedByAnError(element);

/** The invalid fields under `root` in document order; a group counts once, not again for a control in it. */
export function invalidFields(root: Element): Element[] {
  const found = [...root.querySelectorAll('[aria-invalid="true"], [aria-describedby]')].filter(isInvalid);
  return found.filter((field) => !found.some((other) => other !== field && other.contains(field)));
}

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex], [contenteditable="true"]';

const canTakeFocus = (element: Element): element is HTMLElement =>
  element instanceof HTMLElement && element.matches(FOCUSABLE) && !element.matches(':disabled');

/**
 * Whether a field cannot take focus for now only: it is disabled, as a form's fields are while it
 * sends, and its errors may arrive a moment before it is enabled again.
 */
export function isDisabledForNow(field: Element): boolean {
  if (field.matches(':disabled')) return true;
  const controls = [...field.querySelectorAll(FOCUSABLE)];
  return !canTakeFocus(field) && controls.length > 0 && controls.every((control) => control.matches(':disabled'));
}

/** Where focus goes for a field: the control itself, or in a group its chosen option, else its first. */
function focusTargetOf(field: Element): HTMLElement | null {
  if (canTakeFocus(field)) return field;
  const chosen = field.querySelector('input:checked');
  if (chosen && canTakeFocus(chosen)) return chosen;
  return [...field.querySelectorAll(FOCUSABLE)].find(canTakeFocus) ?? null;
}

/**
 * Focuses the first of `fields` that can take focus; a field that cannot (hidden in a closed
 * section, disabled) is passed over. Returns the element focused, or null.
 */
export function focusFirstOf(fields: Element[]): HTMLElement | null {
  for (const field of fields) {
    const target = focusTargetOf(field);
    if (!target) continue;
    target.focus();
    if (target.ownerDocument.activeElement === target) return target;
  }
  return null;
}

/** Focuses the first field in error under `root`: where a dialog that listed the errors leaves the user. */
export const focusFirstInvalidField = (root: Element) => focusFirstOf(invalidFields(root));
