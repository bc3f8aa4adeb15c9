import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { jsonResponse, makeUser, setCookie, TEST_ACCOUNT } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

function signedIn(table: Record<string, unknown>, permissions = TEST_ACCOUNT.permissions, language: 'en' | 'es' = 'en') {
  const user = makeUser([], { account: { ...TEST_ACCOUNT, permissions } });
  user.settings = { ...user.settings, language };
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, ...table });
}

describe('the Analytics report by mail', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('is chosen on the user settings and saved on its own', async () => {
    const saved: unknown[] = [];
    signedIn({
      'GET /api/analytics/report-mail': { data: { frequency: 'off' } },
      'PUT /api/analytics/report-mail': (_: string, init?: RequestInit) => {
        saved.push(JSON.parse(String(init?.body)));
        return jsonResponse(200, { data: { frequency: 'weekly' } });
      },
    });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Analytics report by mail' })).toBeInTheDocument();
    const select = await screen.findByRole('combobox', { name: 'Report by mail' });
    expect(select).toHaveValue('Off');
    const save = screen.getByRole('button', { name: 'Save report choice' });
    expect(save).toBeDisabled();
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly', hidden: true }));
    await userEvent.click(save);
    expect(await screen.findByText('Report choice saved')).toBeInTheDocument();
    expect(saved).toEqual([{ frequency: 'weekly' }]);
    expect(screen.getByRole('combobox', { name: 'Report by mail' })).toHaveValue('Weekly');
  });

  it('is not offered to a user who may not read Analytics', async () => {
    signedIn(
      {},
      TEST_ACCOUNT.permissions.filter((p) => p !== 'analytics.view'),
    );
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Preferences' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Analytics report by mail' })).not.toBeInTheDocument();
  });

  it('is in Spanish for a Spanish reader', async () => {
    signedIn({ 'GET /api/analytics/report-mail': { data: { frequency: 'monthly' } } }, TEST_ACCOUNT.permissions, 'es');
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Informe de Analítica por correo' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Informe por correo' })).toHaveValue('Mensual');
  });

  it('the mailed link stops it with a click, without signing in; a wrong link says so', async () => {
    const asked: string[] = [];
    stubApi({
      'POST /api/public/analytics-report/unsubscribe': (_: string, init?: RequestInit) => {
        const { token } = JSON.parse(String(init?.body));
        asked.push(token);
        return token === 'good'
          ? jsonResponse(200, { data: { frequency: 'off' } })
          : jsonResponse(404, { message: 'Not found.', code: 'not_found' });
      },
    });
    setCookie('XSRF-TOKEN', 't');
    const view = renderApp('/analytics-report/unsubscribe/good');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop the report' }));
    expect(await screen.findByText('The report is off: no more Analytics reports will be mailed to you.')).toBeInTheDocument();
    view.unmount();
    renderApp('/analytics-report/unsubscribe/bad');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop the report' }));
    expect(await screen.findByText(/This link is not valid/)).toBeInTheDocument();
    expect(asked).toEqual(['good', 'bad']);
  });
});
