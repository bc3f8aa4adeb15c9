import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import './NavigationPending.css';

/**
 * While a link's screen is still on its way (its chunk, its words), the page it leaves stays on
 * screen: this bar along the top says the click was taken. It shows only past a short delay, so a
 * screen already loaded never flickers it.
 */
export function NavigationPending() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-pending" role="progressbar" aria-label={t('common.loading_page')} aria-busy="true" />;
}
