import i18n from '../../lib/i18n';
import { announce } from './announcer';
import { focusFirstOf, invalidFields, isDisabledForNow } from './invalidFields';

/**
 * How long a submitted form is watched for errors: long enough for the server's answer to a save
 * (its 422 field errors), short enough that a later error, from a form the user left, takes no focus.
 */
export const WATCH_MS = 10_000;

/**
 * The watch's length in use: WATCH_MS, except in the component tests, whose mocked server answers
 * in milliseconds on a quiet machine but took past ten seconds to render on CI's busy cores.
 */
export const formWatch = { ms: WATCH_MS };

/**
 * When errors already on screen at the submit are looked at, if nothing changes before: the same
 * errors submitted again are said again, but a form whose errors follow its request (a mutation's
 * error) first clears the last refusal as the next request starts, a render or two later.
 */
const FIRST_LOOK_MS = 100;

const watches = new WeakMap<HTMLFormElement, () => void>();

/** The form whose submit is being handled, until the task that handles it ends. */
let submitting: HTMLFormElement | null = null;

/**
 * The form whose submit is being handled now, for a save that goes on after a dialog (the password
 * asked again) and so after its watch may be over; null outside a submit's handling.
 */
export const formBeingSubmitted = () => submitting;

/**
 * Watches `form` as just submitted: as soon as it shows fields in error, focus moves to the first
 * of them and the live region says how many need attention. Every form's submit event starts it
 * (FormErrorFocus); a form that sends without one (a dialog's answer, an offer's button) calls it
 * itself. A form watched again is watched from then.
 */
export function watchSubmittedForm(form: HTMLFormElement) {
  submitting = form;
  setTimeout(() => {
    if (submitting === form) submitting = null;
  }, 0);
  watches.get(form)?.();
  watches.set(
    form,
    watchForInvalidFields(form, (count) => announce(i18n.t('a11y.fields_need_attention', { count }))),
  );
}

/**
 * As soon as the form shows fields in error, says how many (`onFound`, once) and focuses the first:
 * at once when they were already there (the same errors submitted again), when React renders the
 * client check's errors, or when the server's field errors arrive (once the fields are enabled
 * again, when the form disables them while it sends). A field that cannot take focus yet (in a
 * section that opens to show its error) is focused when it can, unless focus has moved meanwhile.
 * It gives up after WATCH_MS, when the user types in the form again (the fields are theirs
 * again), or when stopped; a form no longer on the page (a dialog closed by its save) is not
 * looked at.
 */
function watchForInvalidFields(form: HTMLFormElement, onFound: (count: number) => void): () => void {
  let watching = true;
  /** Where focus was when the errors were said: focus moved from there is the user's. */
  let focusWhenFound: Element | null | undefined;
  const look = () => {
    if (!watching || !form.isConnected) return;
    const fields = invalidFields(form);
    if (fields.length === 0 || fields.every(isDisabledForNow)) return;
    if (focusWhenFound === undefined) {
      focusWhenFound = document.activeElement;
      onFound(fields.length);
    } else if (document.activeElement !== focusWhenFound) {
      stop();
      return;
    }
    if (focusFirstOf(fields)) stop();
  };
  const observer = new MutationObserver(look);
  const firstLook = setTimeout(look, FIRST_LOOK_MS);
  const giveUp = setTimeout(() => stop(), formWatch.ms);
  function stop() {
    watching = false;
    observer.disconnect();
    clearTimeout(firstLook);
    clearTimeout(giveUp);
    form.removeEventListener('input', stop);
  }
  observer.observe(form, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    // A section shown (style, hidden) lets a field in it take focus.
    attributeFilter: ['aria-invalid', 'aria-describedby', 'disabled', 'style', 'hidden'],
  });
  form.addEventListener('input', stop);
  return stop;
}
