import type { ShipmentWatchersView, WatcherColleague } from '@freight/contracts';
import { customerCan, isLanguage, type Language } from '@freight/domain';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { type AuditActor, audit, userRecord } from '../audit/audit';
import { presentColleague, presentWatchers } from './shipment-watchers.presenter';
import { type ColleagueRow, shipmentWatchersRepository } from './shipment-watchers.repository';

/** Who the shipment's tracking mails concern: the shipment, its account and its booker. */
export interface MailedShipment {
  id: string;
  accountId: string;
  bookerId: string;
}

/** One person a tracking mail goes to, in their own language. */
export interface TrackingMailPerson {
  email: string;
  firstName: string;
  language: Language;
  /** The booker, or a colleague watching the shipment. */
  kind: 'booker' | 'watcher';
}

type Shipment = NonNullable<Awaited<ReturnType<ReturnType<typeof shipmentWatchersRepository>['shipmentOf']>>>;

const languageOf = (value: string): Language => (isLanguage(value) ? value : 'en');
/** A colleague who may see shipments: watching one is for them. */
const maySee = (u: { accountRole: ColleagueRow['accountRole'] }) => customerCan(u.accountRole, 'shipments.view');

/** Everyone a shipment's mails may concern (its booker and its watchers), before any setting is applied. */
export const shipmentMailPeople = (db: Db, shipment: MailedShipment) => shipmentWatchersRepository(db).mailPeople(shipment);

/**
 * Who gets a shipment's tracking mails: its booker and the colleagues watching it, each by their
 * own settings (customer service communications on) and in their own language; a deactivated
 * user gets nothing, nor a watcher whose role no longer sees shipments. `bookerLanguage` words
 * what goes to the consignee, who has no settings of their own.
 */
export async function trackingMailRecipients(db: Db, shipment: MailedShipment) {
  const rows = await shipmentWatchersRepository(db).mailPeople(shipment);
  const booker = rows.find((r) => r.id === shipment.bookerId);
  const people: TrackingMailPerson[] = rows
    .filter((r) => !r.deactivatedAt && r.subscriptions?.customer_service !== false)
    .filter((r) => r.id === shipment.bookerId || maySee(r))
    .map((r) => ({
      email: r.email,
      firstName: r.firstName,
      language: languageOf(r.language),
      kind: r.id === shipment.bookerId ? 'booker' : 'watcher',
    }));
  return {
    bookerLanguage: languageOf(booker?.language ?? 'en'),
    people,
    /** Everyone's address, mailed or not. */
    addresses: new Set(rows.map((r) => r.email.toLowerCase())),
  };
}

/**
 * A shipment's watchers, always through the caller's account (another account's shipment, or a
 * user of another account, is not found). Watching oneself is no team change; adding or removing
 * a colleague is, and is audited in its transaction and shown in the account's activity log.
 */
export function shipmentWatchersService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const repo = shipmentWatchersRepository(ctx.db);

  async function shipmentOf(accountId: string, id: string) {
    const row = isUuid(id) ? await repo.shipmentOf(accountId, id) : undefined;
    if (!row) throw AppError.notFound();
    return row;
  }

  async function viewOf(shipment: Shipment, callerId: string): Promise<ShipmentWatchersView> {
    const rows = await repo.watchers(shipment.id, shipment.accountId);
    return presentWatchers(rows.filter(maySee), callerId, shipment.bookerId);
  }

  /** A colleague of the account to add (422 on `user_id` for anyone who cannot watch). */
  async function addable(shipment: Shipment, userId: string) {
    const colleague = await repo.colleague(shipment.accountId, userId);
    if (!colleague || !maySee(colleague)) throw AppError.field('user_id', 'validation.choice');
    if (colleague.deactivatedAt) throw AppError.field('user_id', 'errors.watcher_inactive');
    if (colleague.id === shipment.bookerId) throw AppError.field('user_id', 'errors.watcher_is_booker');
    return colleague;
  }

  /** Adds or removes `colleague` (not the actor), with its entry in the account's activity log. */
  async function change(actor: AuditActor, shipment: Shipment, colleague: ColleagueRow, add: boolean) {
    const at = ctx.now();
    await ctx.db.transaction(async (tx) => {
      const r = shipmentWatchersRepository(tx as Db);
      const changed = add ? await r.add(shipment.id, colleague.id, actor.id, at) : await r.remove(shipment.id, colleague.id);
      if (!changed) return;
      await audit(
        tx as Db,
        actor,
        {
          action: add ? 'shipment.watcher_add' : 'shipment.watcher_remove',
          ...userRecord(colleague),
          shownToAccount: true,
          after: { shipment: `BOL ${shipment.bolNumber}` },
        },
        at,
      );
    });
  }

  /** The caller watches the shipment (again: nothing changes). Its booker has nothing to watch (409). */
  async function watch(callerId: string, accountId: string, shipmentId: string) {
    const shipment = await shipmentOf(accountId, shipmentId);
    if (shipment.bookerId === callerId) throw new AppError(409, 'conflict', 'errors.watcher_is_booker');
    await repo.add(shipment.id, callerId, callerId, ctx.now());
    return viewOf(shipment, callerId);
  }

  async function unwatch(callerId: string, accountId: string, shipmentId: string) {
    const shipment = await shipmentOf(accountId, shipmentId);
    await repo.remove(shipment.id, callerId);
    return viewOf(shipment, callerId);
  }

  return {
    async view(callerId: string, accountId: string, shipmentId: string) {
      return viewOf(await shipmentOf(accountId, shipmentId), callerId);
    },

    async colleagues(callerId: string, accountId: string, shipmentId: string): Promise<WatcherColleague[]> {
      const shipment = await shipmentOf(accountId, shipmentId);
      const rows = await repo.colleagues(accountId, shipment.id, shipment.bookerId);
      return rows.filter((r) => r.id !== callerId && maySee(r)).map(presentColleague);
    },

    watch,
    unwatch,

    /** Adds a colleague of the account as a watcher (oneself: as `watch`). */
    async add(actor: AuditActor, accountId: string, shipmentId: string, userId: string) {
      if (userId === actor.id) return watch(actor.id, accountId, shipmentId);
      const shipment = await shipmentOf(accountId, shipmentId);
      await change(actor, shipment, await addable(shipment, userId), true);
      return viewOf(shipment, actor.id);
    },

    /** Removes a watcher, active or not, of the account (404 for anyone else; oneself: as `unwatch`). */
    async remove(actor: AuditActor, accountId: string, shipmentId: string, userId: string) {
      if (userId === actor.id) return unwatch(actor.id, accountId, shipmentId);
      const shipment = await shipmentOf(accountId, shipmentId);
      const colleague = isUuid(userId) ? await repo.colleague(accountId, userId) : undefined;
      if (!colleague) throw AppError.notFound();
      await change(actor, shipment, colleague, false);
      return viewOf(shipment, actor.id);
    },
  };
}
