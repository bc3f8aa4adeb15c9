import { createTheme, MantineThemeProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { keyboardScrollable } from './keyboardScroll';

type PaginationEdge = 'first' | 'previous' | 'next' | 'last';

/**
 * Names for the icon buttons Mantine draws itself (a notice's, an alert's, a dialog's close
 * button, a pagination's arrows, a password field's eye) and for a scroll box's region (keyboardScroll.ts), in the
 * language on screen: the theme is made once, before any words are loaded, and an icon button
 * without a name is read as just "button".
 */
export function TranslatedDefaults({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t('common.close');
  // A dialog's corner button is told apart from a "Close" button of its own.
  const closeDialog = t('common.close_dialog');
  const first = t('common.pages.first');
  const previous = t('common.pages.previous');
  const next = t('common.pages.next');
  const last = t('common.pages.last');
  const scrollArea = t('common.scroll_area');
  const showPassword = t('common.show_password');
  const theme = useMemo(() => {
    // Every scroll box, a table's (Table.ScrollContainer) included, is a ScrollArea or its Autosize.
    const viewportRef = keyboardScrollable(scrollArea);
    return createTheme({
      components: {
        Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        Alert: { defaultProps: { closeButtonLabel: close } },
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeDialog } } },
        Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeDialog } } },
        Pagination: {
          defaultProps: { getControlProps: (control: PaginationEdge) => ({ 'aria-label': { first, previous, next, last }[control] }) },
        },
        // Mantine names the eye button of a password field in English whatever the language.
        PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': showPassword } } },
        ScrollArea: { defaultProps: { viewportRef } },
        ScrollAreaAutosize: { defaultProps: { viewportRef } },
      },
    });
  }, [close, closeDialog, first, previous, next, last, scrollArea, showPassword]);
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
