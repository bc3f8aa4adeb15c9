import { PasswordInput } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../lib/i18n';
import { CoreProviders } from './coreProviders';

describe('the names Mantine gives its own icon buttons', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it("name a password field's eye in the language on screen", async () => {
    await act(() => i18n.changeLanguage('es'));
    render(
      <CoreProviders>
        <PasswordInput label="Contraseña" />
      </CoreProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Mostrar la contraseña', hidden: true })).toHaveAttribute('aria-pressed', 'false');
  });
});
