import type { Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { translator } from '../../i18n';
import { oneLine, paragraphMail } from '../../mail/templates';
import { usersService } from '../users/users.service';
import { replyAddress } from './inbound-mail';
import { supportRepository } from './support.repository';
import { REPLY_MAIL_JOB } from './support.service';

const EXCERPT_LENGTH = 300;

/** The mail telling a customer support answered: the reply's start and the link to the thread. */
export function supportReplyMail(
  language: Language,
  to: string,
  d: { name: string; staffName: string; excerpt: string; url: string; replyTo?: string },
) {
  const t = translator(language);
  const k = (key: string, params: Record<string, unknown> = {}) => t(`mail.support.${key}`, params);
  const mail = paragraphMail(
    to,
    k('subject'),
    [
      t('mail.greeting', { name: oneLine(d.name) }),
      k('intro', { staff: oneLine(d.staffName) }),
      `"${d.excerpt}"`,
      d.replyTo ? k('reply_by_mail') : '',
    ],
    { label: k('action'), url: d.url },
    [k('unsubscribe'), t('mail.signature')],
  );
  return d.replyTo ? { ...mail, replyTo: d.replyTo } : mail;
}

/**
 * The unread-reply mail: a few minutes after a staff reply, the customer who opened the
 * conversation is mailed if it is still unread and not mailed yet, unless they unsubscribed from
 * customer service mail. Without an inbound mail route the mail links to the conversation.
 */
export function registerReplyMail(ctx: AppContext) {
  ctx.jobs.register(REPLY_MAIL_JOB, async (payload) => {
    const { conversationId } = payload as { conversationId: string };
    const repo = supportRepository(ctx.db);
    const c = await repo.find(conversationId);
    const lastReply = c?.lastStaffMessageAt;
    if (!c || !lastReply) return;
    if ((c.customerReadAt && c.customerReadAt >= lastReply) || (c.replyMailedAt && c.replyMailedAt >= lastReply)) return;
    const user = await usersService(ctx.db).mailRecipient(c.userId);
    const messages = await repo.messages({ conversationId: c.id }, false);
    const reply = messages.filter((m) => m.message.fromStaff).at(-1);
    if (user && reply && user.subscriptions?.customer_service !== false) await mail(user, reply, c.id);
    await repo.update(c.id, { replyMailedAt: lastReply });
  });

  const domain = ctx.config.INBOUND_MAIL_DOMAIN;
  async function mail(
    user: { id: string; email: string; firstName: string; language: string | null },
    reply: Awaited<ReturnType<ReturnType<typeof supportRepository>['messages']>>[number],
    conversationId: string,
  ) {
    const body = reply.message.body;
    const userId = user.id;
    await ctx.mailer.send(
      supportReplyMail((user.language as Language) ?? 'en', user.email, {
        name: user.firstName,
        staffName: reply.firstName ?? '',
        excerpt: body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH)}…` : body,
        url: `${ctx.config.appUrl}/support/${conversationId}`,
        replyTo: domain ? replyAddress(ctx.appKey, domain, conversationId, userId) : undefined,
      }),
    );
  }
}
