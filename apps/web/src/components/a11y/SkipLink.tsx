import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './SkipLink.css';

/** The id of every layout's <main>; the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first focusable element of every layout: hidden until focused, it moves focus to the main
 * content past the header and the navigation. Focus is moved by hand rather than by following
 * the '#main-content' fragment, which would put it in the URL and make the portal's router
 * navigate.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a className="fp-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {t('a11y.skip_to_main')}
    </a>
  );
}
