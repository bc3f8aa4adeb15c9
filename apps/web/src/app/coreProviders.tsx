import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { FormErrorFocus } from '../components/a11y/FormErrorFocus';
import i18n from '../lib/i18n';
import { cssVariablesResolver, theme } from './theme';
import { TranslatedDefaults } from './translatedDefaults';

/**
 * What every page needs, the guest pages included: the words, the theme, and a form's errors
 * focused and announced when a submit fails.
 */
export function CoreProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <FormErrorFocus />
        <TranslatedDefaults>{children}</TranslatedDefaults>
      </MantineProvider>
    </I18nextProvider>
  );
}
