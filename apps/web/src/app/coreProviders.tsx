import { createTheme, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../lib/i18n';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm' });

/** What every page needs, the guest pages included: the words and the theme. */
export function CoreProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>{children}</MantineProvider>
    </I18nextProvider>
  );
}
