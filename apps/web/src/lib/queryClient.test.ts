import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from './i18n';
import { createQueryClient } from './queryClient';

describe('createQueryClient', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('asks again for the data on show after a language switch, so words the server chose follow it', async () => {
    const client = createQueryClient();
    const languages: string[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['worded'],
      queryFn: async () => {
        languages.push(i18n.language);
        return languages.length;
      },
    });
    const stop = observer.subscribe(() => {});
    await expect.poll(() => languages).toEqual(['en']);
    await i18n.changeLanguage('es');
    await expect.poll(() => languages).toEqual(['en', 'es']);
    stop();
    client.clear();
  });
});
