import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation } from 'react-router';
import './NavigationPending.css';

/**
 * While a link's screen is still on its way (its chunk, its words), the page it leaves stays on
 * screen: this bar along the top says the click was taken. It shows only past a short delay, so a
 * screen already loaded never flickers it.
 *
 * Once a navigation has landed and its screen is committed, <html data-shown-page> names the page
 * (path and query). Until then the page left behind is still on screen and takes clicks and typing
 * that its successor will not keep: the browser scenarios wait on this before they go on after a
 * move inside the portal.
 */
export function NavigationPending() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const idle = navigation.state === 'idle';
  const shown = `${pathname}${search}`;
  useLayoutEffect(() => {
    if (idle) document.documentElement.dataset.shownPage = shown;
  }, [idle, shown]);
  if (idle) return null;
  return <div className="navigation-pending" role="progressbar" aria-label={t('common.loading_page')} aria-busy="true" />;
}
