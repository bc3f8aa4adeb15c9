import { LANGUAGES, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { webhookDisabledMail } from '../../mail/templates';
import { accountAdminOf } from '../accounts/accounts.service';
import { usersService } from '../users/users.service';
import { webhookFactsRepository } from './webhook-facts.repository';
import type { SubscriptionRow } from './webhooks.repository';

/** Where an account's admin manages its webhooks (the web's Settings > API & webhooks). */
export const WEBHOOK_SETTINGS_PATH = '/settings/api';

const languageOf = (value: string): Language => ((LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en');

/** The address as the mail shows it: no query, which may carry a token of the receiver's. */
function shownUrl(url: string) {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/** Who hears of an account's subscription: its creator while still a user of the account, else the account's admin. */
async function accountRecipient(ctx: Pick<AppContext, 'db'>, accountId: string, createdBy: string | null) {
  const users = usersService(ctx.db);
  const creator = createdBy ? await users.load(createdBy) : undefined;
  if (creator?.account?.id === accountId && !creator.user.deactivatedAt) return creator;
  const admin = await accountAdminOf(ctx.db, accountId);
  return admin ? users.load(admin) : undefined;
}

/**
 * Mails the owner of a subscription switched off for failing: an account's admin in their
 * language, or a partner's contacts (in English; they have no login, so the link is the API docs).
 */
export async function mailWebhookDisabled(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
  sub: SubscriptionRow,
  since: Date,
  error: string | null,
) {
  const base = { url: shownUrl(sub.url), since: since.toISOString().replace('T', ' ').slice(0, 16), error };
  if (sub.accountId) {
    const user = await accountRecipient(ctx, sub.accountId, sub.createdBy);
    if (!user) return;
    const action = { url: `${ctx.config.appUrl}${WEBHOOK_SETTINGS_PATH}`, partner: false };
    await ctx.mailer.send(webhookDisabledMail(languageOf(user.settings.language), user.user.email, { ...base, action }));
    return;
  }
  if (!sub.partnerId) return;
  const contacts = await webhookFactsRepository(ctx.db).partnerContacts(sub.partnerId);
  const action = { url: `${ctx.config.appUrl}/api/docs`, partner: true };
  for (const contact of contacts) {
    await ctx.mailer.send(webhookDisabledMail('en', contact.email, { ...base, action }));
  }
}
