import type { NoticeAudience, NoticeState, SiteNotificationView } from '@freight/contracts';
import { and, count, desc, eq, gt, isNotNull, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, siteNotificationDismissals, siteNotifications } from '../../db/schema';

export type NoticeRow = typeof siteNotifications.$inferSelect;

export function noticeState(n: Pick<NoticeRow, 'startsAt' | 'endsAt' | 'retiredAt'>, now: Date): NoticeState {
  if (n.retiredAt) return 'retired';
  if (n.startsAt > now) return 'scheduled';
  if (n.endsAt && n.endsAt <= now) return 'ended';
  return 'active';
}

export function presentNotice(n: NoticeRow, account: { id: string; name: string } | null, now: Date): SiteNotificationView {
  return {
    id: n.id,
    severity: n.severity,
    audience: n.audience,
    account,
    title_en: n.titleEn,
    title_es: n.titleEs,
    body_en: n.bodyEn,
    body_es: n.bodyEs,
    starts_at: n.startsAt.toISOString(),
    ends_at: n.endsAt?.toISOString() ?? null,
    retired_at: n.retiredAt?.toISOString() ?? null,
    state: noticeState(n, now),
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
  };
}

/** Shown now: started, not ended, not retired. */
const activeAt = (now: Date) =>
  and(
    isNull(siteNotifications.retiredAt),
    lte(siteNotifications.startsAt, now),
    or(isNull(siteNotifications.endsAt), gt(siteNotifications.endsAt, now)),
  );

const STATE_WHERE = (state: NoticeState, now: Date): SQL | undefined =>
  ({
    retired: isNotNull(siteNotifications.retiredAt),
    scheduled: and(isNull(siteNotifications.retiredAt), gt(siteNotifications.startsAt, now)),
    ended: and(isNull(siteNotifications.retiredAt), lte(siteNotifications.endsAt, now)),
    active: activeAt(now),
  })[state];

/** Outages above warnings above information, so the banner leads with what matters most. */
const SEVERITY_FIRST = sql`case ${siteNotifications.severity} when 'outage' then 0 when 'warning' then 1 else 2 end`;

/** Who reads: customers read their account's and every customer's notices, staff the staff's. */
type Reader = { userId: string; accountId: string | null; staff: boolean };

function audienceOf(reader: Reader): SQL | undefined {
  const audiences: SQL[] = [];
  if (reader.accountId) {
    audiences.push(eq(siteNotifications.audience, 'customers' satisfies NoticeAudience));
    audiences.push(and(eq(siteNotifications.audience, 'account'), eq(siteNotifications.accountId, reader.accountId)) as SQL);
  }
  if (reader.staff) audiences.push(eq(siteNotifications.audience, 'staff'));
  return audiences.length ? or(...audiences) : undefined;
}

export function siteNotificationsRepository(db: Db) {
  return {
    async page(opts: { state?: NoticeState; page: number; perPage: number }, now: Date) {
      const where = opts.state ? STATE_WHERE(opts.state, now) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ notice: siteNotifications, accountName: accounts.name })
          .from(siteNotifications)
          .leftJoin(accounts, eq(accounts.id, siteNotifications.accountId))
          .where(where)
          .orderBy(desc(siteNotifications.startsAt), desc(siteNotifications.id))
          .limit(opts.perPage)
          .offset((opts.page - 1) * opts.perPage),
        db.select({ n: count() }).from(siteNotifications).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: string) {
      const [row] = await db
        .select({ notice: siteNotifications, accountName: accounts.name })
        .from(siteNotifications)
        .leftJoin(accounts, eq(accounts.id, siteNotifications.accountId))
        .where(eq(siteNotifications.id, id));
      return row;
    },

    /** The notices a reader sees now: their audiences, minus the info notices they closed. */
    activeFor(reader: Reader, now: Date) {
      const audience = audienceOf(reader);
      if (!audience) return Promise.resolve([]);
      const notDismissed = notExists(
        db
          .select({ one: siteNotificationDismissals.userId })
          .from(siteNotificationDismissals)
          .where(
            and(eq(siteNotificationDismissals.notificationId, siteNotifications.id), eq(siteNotificationDismissals.userId, reader.userId)),
          ),
      );
      return db
        .select()
        .from(siteNotifications)
        .where(and(activeAt(now), audience, notDismissed))
        .orderBy(SEVERITY_FIRST, desc(siteNotifications.startsAt))
        .limit(10);
    },

    /** One active notice meant for the reader, closed by them or not (closing twice answers the same). */
    async visibleTo(reader: Reader, id: string, now: Date) {
      const audience = audienceOf(reader);
      if (!audience) return undefined;
      const [row] = await db
        .select()
        .from(siteNotifications)
        .where(and(eq(siteNotifications.id, id), activeAt(now), audience));
      return row;
    },

    /** Outages for every customer, shown on the public tracking page to anyone. */
    publicOutages(now: Date) {
      return db
        .select()
        .from(siteNotifications)
        .where(and(activeAt(now), eq(siteNotifications.audience, 'customers'), eq(siteNotifications.severity, 'outage')))
        .orderBy(desc(siteNotifications.startsAt))
        .limit(5);
    },

    async dismiss(notificationId: string, userId: string, at: Date) {
      await db.insert(siteNotificationDismissals).values({ notificationId, userId, dismissedAt: at }).onConflictDoNothing();
    },

    /** The notice, locked for the caller's transaction (an edit reads, then writes it). */
    async locked(id: string) {
      const [row] = await db.select().from(siteNotifications).where(eq(siteNotifications.id, id)).for('update');
      return row;
    },

    async accountExists(accountId: string) {
      const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
      return Boolean(row);
    },

    async insert(values: typeof siteNotifications.$inferInsert): Promise<NoticeRow> {
      const [row] = await db.insert(siteNotifications).values(values).returning();
      if (!row) throw new Error('site notification insert returned nothing');
      return row;
    },

    async update(id: string, values: Partial<typeof siteNotifications.$inferInsert>): Promise<NoticeRow> {
      const [row] = await db.update(siteNotifications).set(values).where(eq(siteNotifications.id, id)).returning();
      if (!row) throw new Error('site notification update found nothing');
      return row;
    },
  };
}
