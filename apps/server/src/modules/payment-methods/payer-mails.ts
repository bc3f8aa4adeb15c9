import { LANGUAGES, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import type { MailMessage } from '../../mail/mailer';
import { paymentMethodsRepository } from './payment-methods.repository';

const languageOf = (value: string): Language => ((LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en');

/**
 * Mails each of the account's payers (the users who may pay its invoices) in their own language, in
 * the background: the request or job that caused it never waits on the mail server. One failed
 * delivery does not stop the others; the task then fails as a whole, so it is logged.
 */
export function mailPayers(
  ctx: Pick<AppContext, 'db' | 'background' | 'mailer'>,
  name: string,
  accountId: string,
  build: (language: Language, to: string, firstName: string) => MailMessage,
) {
  ctx.background.run(name, async () => {
    const payers = await paymentMethodsRepository(ctx.db).payers(accountId);
    const results = await Promise.allSettled(payers.map((p) => ctx.mailer.send(build(languageOf(p.language), p.email, p.firstName))));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  });
}
