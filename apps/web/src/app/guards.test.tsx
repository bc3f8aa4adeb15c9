import { DEFAULT_SETTINGS } from '@freight/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDashboard } from '../features/admin/testStaff';
import { AUTH_STATE_KEY } from '../lib/authState';
import i18n from '../lib/i18n';
import { makeUser } from '../test/fixtures';
import { renderApp, stubApi } from '../test/renderApp';

function signIn(user: ReturnType<typeof makeUser>) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  stubApi({ 'GET /api/user': { data: user }, 'GET /api/admin/dashboard': { data: makeDashboard() } });
}

describe('who may open the customer pages', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('tells a user with the feature preview role alone what the role does, instead of a broken portal', async () => {
    signIn(makeUser(['fpg_feature'], { email: 'fern@example.com' }));
    const { router } = renderApp('/quote');
    expect(await screen.findByRole('heading', { name: 'Your role opens no pages here' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-access');
    expect(screen.getByText('You are signed in as fern@example.com.')).toBeInTheDocument();
    expect(screen.getByText(/Your only role is Feature preview \(fpg_feature\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.queryByText('There was an error')).not.toBeInTheDocument();
  });

  it('says it in Spanish too', async () => {
    signIn(makeUser(['fpg_feature'], { settings: { ...DEFAULT_SETTINGS, language: 'es' } }));
    renderApp('/my-shipments');
    expect(await screen.findByRole('heading', { name: 'Su rol no abre ninguna página aquí' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('sends staff without a customer account to the admin area', async () => {
    signIn(makeUser(['fpg_ops']));
    const { router } = renderApp('/my-shipments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
