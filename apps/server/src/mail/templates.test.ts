import { describe, expect, it } from 'vitest';
import { verifyEmailMail } from './templates';

describe('mail templates', () => {
  it('writes the link and escapes what a user typed', () => {
    const m = verifyEmailMail('en', 'a@b.test', '<b>Ann</b>', 'http://127.0.0.1:3000/email/verify/1/x?expires=1&signature=y');
    expect(m.subject).toBe('Verify your email address');
    expect(m.text).toContain('http://127.0.0.1:3000/email/verify/1/x?expires=1&signature=y');
    expect(m.html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
    expect(m.html).not.toContain('<b>Ann</b>');
  });
  it('speaks Spanish', () => {
    expect(verifyEmailMail('es', 'a@b.test', 'Ana', 'http://x').subject).toBe('Verifique su correo electrónico');
  });
});
