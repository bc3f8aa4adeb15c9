import { describe, expect, it } from 'vitest';
import { statusChangeMail, verifyEmailMail, webhookDisabledMail } from './templates';

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

  it("closes a sentence once when the outside text set in it ends with its own stop (no '..' or '?.')", () => {
    const action = { url: 'http://x/settings/api', partner: false };
    const m = webhookDisabledMail('es', 'a@b.test', {
      url: 'https://hooks.test/x',
      since: '2026-11-24 10:00 UTC',
      error: 'connect ECONNREFUSED.',
      action,
    });
    expect(m.text).toContain('El último intento terminó con: connect ECONNREFUSED.');
    const status = statusChangeMail('en', 'a@b.test', {
      name: 'Ann',
      recipient: 'user',
      bol_number: '12345',
      pro_number: null,
      carrier_name: 'Saia.',
      origin: 'Dallas, TX',
      destination: 'Chicago, IL',
      status: 'Delivered',
      action_required: false,
      carrier_text: 'Delivered, signed by L GARZA.',
      place: 'Chicago, IL',
      local_time: '2026-11-26T14:20',
      url: 'http://x',
    });
    for (const mail of [m, status]) expect(mail.text).not.toMatch(/(?<!\.)\.\.(?!\.)|[?!]\.|::|\. \./);
  });
});
