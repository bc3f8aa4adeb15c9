import { useEffect } from 'react';
import { watchSubmittedForm } from './watchSubmittedForm';

/**
 * Mounted once with the core providers, for every form of the portal, the guest pages and the
 * dialogs: when a submit leaves fields in error (the client's check, or the server's 422 a moment
 * later), focus moves to the first of them and the live region says how many need attention, so
 * a user who cannot see the page learns that the submit failed, and where. A valid submit says
 * nothing. A failure about no field is its form's own alert (role="alert").
 *
 * Submit events are heard on the document in the capture phase, whatever a form's own handler
 * does with them.
 */
export function FormErrorFocus() {
  useEffect(() => {
    const onSubmit = (event: Event) => {
      if (event.target instanceof HTMLFormElement) watchSubmittedForm(event.target);
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  }, []);
  return null;
}
