import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { showNotice } from './showNotice';

describe('showNotice', () => {
  afterEach(async () => {
    notifications.clean();
    await act(() => i18n.changeLanguage('en'));
  });

  it('words a notice in the language on screen, and again when the language changes while it shows', async () => {
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    act(() => {
      showNotice({ color: 'green', message: { key: 'settings.account_updated' }, autoClose: false });
    });
    expect(await screen.findByText('Account updated')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('es'));
    expect(await screen.findByText('Cuenta actualizada')).toBeInTheDocument();
    expect(screen.queryByText('Account updated')).not.toBeInTheDocument();
  });
});
