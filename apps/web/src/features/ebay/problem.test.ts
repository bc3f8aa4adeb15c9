import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { ebayProblem } from './problem';

describe('ebayProblem', () => {
  it("words the server's codes in the reader's language, and shows an older record's text as it is", () => {
    const en = i18n.getFixedT('en');
    const es = i18n.getFixedT('es');
    expect(ebayProblem(en, 'http_503')).toBe('eBay answered with error 503');
    expect(ebayProblem(es, 'http_503')).toBe('eBay respondió con el error 503');
    expect(ebayProblem(en, 'timeout')).toBe('eBay did not answer in time');
    expect(ebayProblem(es, 'unreachable')).toBe('no se pudo conectar con eBay');
    expect(ebayProblem(es, 'account_deleted')).toBe('se cerró la cuenta de eBay');
    expect(ebayProblem(en, 'consent_lost')).toBe('the store must be reconnected');
    expect(ebayProblem(es, 'eBay answered 503')).toBe('eBay answered 503');
    expect(ebayProblem(en, 'http_abc')).toBe('http_abc');
  });
});
