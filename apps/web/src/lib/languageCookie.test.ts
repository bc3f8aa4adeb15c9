import { afterEach, describe, expect, it } from 'vitest';
import { clearAllStorage, LANGUAGE_KEY } from './authState';
import i18n, { changeLanguage, setGuestLanguage } from './i18n';

/** The value of the language cookie as the server would read it, or undefined. */
const languageCookie = () =>
  document.cookie
    .split('; ')
    .map((pair) => pair.split('='))
    .find(([name]) => name === 'language')?.[1];

afterEach(async () => {
  await changeLanguage('en');
  localStorage.clear();
});

describe('the language cookie (the server prerenders the guest pages in its language)', () => {
  it('follows the language the app shows, whatever changed it', async () => {
    await changeLanguage('es');
    expect(languageCookie()).toBe('es');
    setGuestLanguage('en');
    await i18n.changeLanguage('en');
    expect(languageCookie()).toBe('en');
  });

  it('goes at logout with everything else the browser keeps', async () => {
    setGuestLanguage('es');
    await changeLanguage('es');
    clearAllStorage();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();
    expect(languageCookie()).toBeUndefined();
  });
});
